// RUN: %omp-check %s
// Checks tasks that call virtual functions overridden in derived classes, and tasks inside overrides.
#include <cstdio>
#include <memory>
#include <vector>
#include <omp.h>

struct Shape {
  virtual ~Shape() = default;
  virtual long area() const = 0;
  virtual const char *name() const { return "shape"; }
  // Base implementation: a task computes area() through the vtable.
  virtual long scaledArea(int k) const {
    long r = 0;
#pragma omp task shared(r) firstprivate(k)
    r = k * area();
#pragma omp taskwait
    return r;
  }
};

struct Rect : Shape {
  long w, h;
  Rect(long w_, long h_) : w(w_), h(h_) {}
  long area() const override { return w * h; }
  const char *name() const override { return "rect"; }
};

struct Square : Rect {
  explicit Square(long s) : Rect(s, s) {}
  const char *name() const override { return "square"; }
  // Override that itself creates two tasks.
  long scaledArea(int k) const override {
    long a = 0, b = 0;
#pragma omp task shared(a)
    a = area();
#pragma omp task shared(b) firstprivate(k)
    b = k - 1;
#pragma omp taskwait
    return a * (b + 1);
  }
};

int main() {
  std::vector<std::unique_ptr<Shape>> shapes;
  shapes.emplace_back(new Rect(3, 4));
  shapes.emplace_back(new Square(5));
  shapes.emplace_back(new Rect(7, 2));
  shapes.emplace_back(new Square(9));
  std::vector<long> res(shapes.size());
#pragma omp parallel
#pragma omp single
  for (size_t i = 0; i < shapes.size(); ++i) {
    const Shape *s = shapes[i].get();
#pragma omp task firstprivate(s, i) shared(res)
    res[i] = s->scaledArea(static_cast<int>(i) + 2);
  }
  for (size_t i = 0; i < shapes.size(); ++i)
    std::printf("%s: area %ld scaled %ld\n", shapes[i]->name(), shapes[i]->area(), res[i]);
  return 0;
}
