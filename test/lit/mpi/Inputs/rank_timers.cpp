// A C++ file's global array and counter, which another file of the program
// uses through extern declarations (as HPCCG's timing array).
double times[4];
int calls = 0;

void add_time(int which, double seconds) {
  times[which] += seconds;
  ++calls;
}
