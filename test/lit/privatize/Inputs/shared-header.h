// A user header whose inline function uses a global: hccsim rewrites only
// the file it compiles.
extern int in_header;
static inline int read_in_header(void) { return in_header; }
