// Defines a global that ranks-forms.c declares extern: both files reach the
// same per-rank copies.
int other_unit = -1;
int other_unit_read(void) { return other_unit; }
