// `#pragma omp error at(execution) [severity(warning|fatal)] [message(...)]`:
// clang calls __kmpc_error where the program reaches it. A warning is one
// line on stderr and the program goes on; a fatal error ends the program
// with status 1 after that line, as libomp and libgomp end it (the link
// failed before: no __kmpc_error).
#include <cstdio>
#include <string>

#include "bursts.hpp"
#include "fatal.hpp"
#include "kmp.hpp"

extern "C" void __kmpc_error(ident_t* loc, int32_t severity, const char* message) {
  constexpr int32_t kWarning = 1;
  const std::string site = hcc::rt::openmp_site(loc ? loc->psource : nullptr);
  const std::string what = (site.empty() ? "" : site + ": ") + "error directive: " + (message ? message : "");
  if (severity != kWarning) hcc::rt::fatal(what);
  std::fprintf(stderr, "hccsim: warning: %s\n", what.c_str());
}
