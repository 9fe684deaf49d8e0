// RUN: %omp-check %s
// Checks a std::shared_ptr shared among tasks and copied (firstprivate) into tasks; use counts return to 1.
#include <cstdio>
#include <memory>
#include <vector>
#include <omp.h>

struct Buffer {
  std::vector<long> data;
  explicit Buffer(int n) : data(n, 0) {}
};

int main() {
  const int N = 32;
  auto buf = std::make_shared<Buffer>(N);
  std::weak_ptr<Buffer> watcher = buf;

#pragma omp parallel
#pragma omp single
  {
    // Shared pointer object: tasks write distinct elements through it.
    for (int i = 0; i < N; ++i) {
#pragma omp task shared(buf) firstprivate(i)
      buf->data[i] = static_cast<long>(i) * 3 + 1;
    }
#pragma omp taskwait
    // Copies of the shared_ptr travel with each task (atomic refcount).
    for (int i = 0; i < N; i += 4) {
      std::shared_ptr<Buffer> mine = buf;
#pragma omp task firstprivate(mine, i)
      {
        for (int j = i; j < i + 4; ++j)
          mine->data[j] *= 2;
      }
    }
#pragma omp taskwait
  }

  long sum = 0;
  for (long v : buf->data)
    sum += v;
  std::printf("sum = %ld\n", sum);
  std::printf("data[0] = %ld data[31] = %ld\n", buf->data[0], buf->data[N - 1]);
  std::printf("use_count after tasks = %ld\n", buf.use_count());
  buf.reset();
  std::printf("expired after reset = %s\n", watcher.expired() ? "yes" : "no");
  return 0;
}
