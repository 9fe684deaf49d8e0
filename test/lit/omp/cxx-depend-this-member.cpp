// RUN: %omp-check %s
// Checks depend clauses on scalar data members (depend(inout: this->x)) ordering tasks of an object.
#include <cstdio>
#include <omp.h>

class Account {
  long balance;
  long interest;
  long history[8];

public:
  Account() : balance(1000), interest(0) {
    for (long &h : history)
      h = 0;
  }

  // Operations are ordered only through the members they touch.
  void simulate() {
    for (int step = 0; step < 8; ++step) {
#pragma omp task depend(inout: this->balance) firstprivate(step)
      balance += 100 * (step + 1);
#pragma omp task depend(in: this->balance) depend(out: this->interest) firstprivate(step)
      interest = balance / 10;
#pragma omp task depend(in: this->interest) depend(inout: this->balance) firstprivate(step)
      {
        balance += interest;
        history[step] = balance;
      }
    }
#pragma omp taskwait
  }

  // Two independent members, each with its own chain.
  void twoChains(long &a, long &b) {
    long x = 1, y = 1;
    for (int i = 0; i < 20; ++i) {
#pragma omp task depend(inout: x) shared(x)
      x = x * 2 + 1;
#pragma omp task depend(inout: y) shared(y)
      y = y * 3 % 1000003;
    }
#pragma omp taskwait
    a = x;
    b = y;
  }

  void print() const {
    std::printf("balance %ld interest %ld\n", balance, interest);
    for (int i = 0; i < 8; ++i)
      std::printf("after step %d: %ld\n", i, history[i]);
  }
};

int main() {
  Account acc;
  long a = 0, b = 0;
#pragma omp parallel
#pragma omp single
  {
    acc.simulate();
    acc.twoChains(a, b);
  }
  acc.print();
  std::printf("chains: %ld %ld\n", a, b);
  return 0;
}
