// A class defined in a header, its static members defined in a .cpp file
// (header-class-statics.cpp).
#pragma once
#include <map>
#include <string>

class Solver {
 public:
  static int solves;                           // public: privatised
  static std::map<std::string, double> times;  // public, constructed per rank
  static void count();

 private:
  static int secret;  // private: its descriptor could not name it at file scope
  struct Cache {
    static int hits;  // public, in a private class
  };
};
