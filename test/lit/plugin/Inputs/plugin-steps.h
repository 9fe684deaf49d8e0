// Included with quotes by run-sum.c: found next to the original file, though
// the plugin compiles the rewritten text.
#define STEPS 5
