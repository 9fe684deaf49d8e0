// A program without MPI that uses exit_report.cpp: its original serves.
void count_call();

int main() {
  count_call();
  count_call();
  return 0;
}
