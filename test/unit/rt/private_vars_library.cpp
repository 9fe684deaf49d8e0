// A shared library's variable, for private_vars_test: reached through this
// function, not by name, so that the test executable holds no copy of it
// (a copy relocation would move it into the executable's data).
static int counter = 9;
int* private_vars_library_counter() { return &counter; }
