// Which functions create or wait for tasks, exclude other threads, or call
// MPI, across translation units.
//
// A simulation runs the bodies of tasks that create or wait for tasks,
// exclude other threads, or communicate, and simulates the others, so the
// compiler must say which are which. Within a translation unit the call
// graph answers; across translation units each file leaves, for each
// function of external linkage that matters, a mark
// (`hcc_omp_function_mark __hcc_fm_<symbol>`: its own answer and the marks of
// the functions of other files it may call), and refers to the marks of
// other files weakly. The runtime follows them once per task construct
// (rt/omp/tasks.cpp); a callee not compiled by hccsim has no mark (NULL).
#include "FlagReads.hpp"
#include "SteeringStores.hpp"
#include "StmtWalk.hpp"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "hccrewriter/Passes.hpp"
#include "llvm/Support/raw_ostream.h"

#include <sstream>

using namespace clang;

namespace hcc::rewriter {

bool createsOrWaits(const Stmt *s) {
  // `cancel` decides which tasks run: the body that cancels must run in
  // simulation, as one that creates them does.
  if (isa<OMPCancelDirective>(s)) return true;
  if (auto *ce = dyn_cast<CallExpr>(s))
    if (auto *f = ce->getDirectCallee(); f && f->getName() == "omp_fulfill_event") return true;
  return isa<OMPTaskDirective>(s) || isa<OMPTaskwaitDirective>(s) || isa<OMPTaskgroupDirective>(s) ||
         isa<OMPTaskLoopDirective>(s) || isa<OMPParallelDirective>(s);
}

namespace {

// A call of an MPI function: a simulation must make it, whatever thread or
// task makes it (its messages are what other ranks wait for).
bool callsMpi(const Stmt *s) {
  auto *ce = dyn_cast<CallExpr>(s);
  const FunctionDecl *f = ce ? ce->getDirectCallee() : nullptr;
  if (!f || !f->getIdentifier()) return false;
  const StringRef name = f->getName();
  return name.starts_with("MPI_") || name.starts_with("PMPI_");
}

// Whether a loop waits for a value another thread sets: its condition
// reads a volatile object that is not a local variable, makes an atomic
// read, or reads what an atomic read in the loop read (`do { #pragma omp
// atomic read v = *flag; ... } while (v == 0)`). A simulation runs such a
// task body: timed as a kernel, it ran alone and waited for ever for the
// thread that sets the value (libomp's own tasking/taskdep_if0_2.c).
bool waitsForAnotherThread(const Stmt *s) {
  const Expr *cond = loopCondition(s);
  if (!cond) return false;
  std::set<const Decl *> readAtomically;
  forEach(s, [&](const Stmt *x) {
    if (auto *a = dyn_cast<OMPAtomicDirective>(x))
      if (auto *v = a->getV() ? dyn_cast<DeclRefExpr>(a->getV()->IgnoreParenImpCasts()) : nullptr)
        readAtomically.insert(v->getDecl()->getCanonicalDecl());
  });
  bool waits = !volatileFlagReads(cond).empty();
  forEach(cond, [&](const Stmt *x) {
    if (isa<AtomicExpr>(x)) waits = true;
    if (auto *ref = dyn_cast<DeclRefExpr>(x)) {
      if (readAtomically.count(ref->getDecl()->getCanonicalDecl())) waits = true;
    }
    if (auto *call = dyn_cast<CXXMemberCallExpr>(x))
      if (const CXXRecordDecl *r = call->getRecordDecl(); r && r->isInStdNamespace() && r->getName() == "atomic")
        waits = true;
  });
  return waits;
}

// Whether a statement excludes other threads: a critical construct, or
// taking an OpenMP lock. A simulation runs such a task body, so that the
// section is simulated as natively: timed as a kernel, a task whose
// sections waited for the others' in the instrumented run charged that
// wait whatever the simulated cores, and ran at once beside them (a search
// whose tasks update a shared best under `critical`, BOTS-style: simulated
// 0.5x native on 2 cores, 5x on 1), and what the section updates, a bound
// that prunes the search or a sum, was never computed.
bool excludesOthers(const Stmt *s) {
  if (isa<OMPCriticalDirective>(s)) return true;
  auto *ce = dyn_cast<CallExpr>(s);
  const FunctionDecl *f = ce ? ce->getDirectCallee() : nullptr;
  if (!f || !f->getIdentifier()) return false;
  const StringRef name = f->getName();
  return name == "omp_set_lock" || name == "omp_set_nest_lock" || name == "omp_test_lock" ||
         name == "omp_test_nest_lock";
}

// The C library's and POSIX's functions that read or write a file (stdout
// included); not those on strings (sprintf, sscanf), nor those that write to
// stderr (perror, and the others given stderr: below).
const std::set<std::string> kFileFunctions = {
    "printf", "fprintf", "vprintf", "vfprintf", "dprintf", "puts",   "fputs",   "putchar", "putc",   "fputc",
    "fwrite", "scanf",   "fscanf",  "vscanf",   "vfscanf", "fgets",  "fgetc",   "getc",    "getchar", "fread",
    "getline", "getdelim", "ungetc", "fopen",   "freopen", "fclose", "fseek",   "fseeko",  "ftell",  "ftello",
    "rewind", "fflush",  "fsetpos", "fgetpos",  "read",    "write",  "pread",   "pwrite",  "lseek",  "open",
    "close"};

// Whether an expression names the program's error stream (stderr, std::cerr,
// std::clog): a kernel's message on an error path that ends the program
// (`fprintf(stderr, "out of memory\n"); exit(1);`) is not what it does.
bool namesErrorStream(const Expr *e) {
  auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  if (!ref || !ref->getDecl()->getIdentifier()) return false;
  const StringRef n = ref->getDecl()->getName();
  return n == "stderr" || n == "cerr" || n == "clog" || n == "wcerr" || n == "wclog";
}

// Whether a call writes to the error stream: its FILE * argument, or the
// stream it is made on.
bool writesErrorStream(const CallExpr *ce) {
  for (const Expr *arg : ce->arguments())
    if (namesErrorStream(arg)) return true;
  return false;
}

// Whether a type is one of C++'s file streams (std::cout, an ofstream, a
// reference to one), not a string stream.
bool isFileStreamType(QualType t) {
  t = t.getNonReferenceType();
  if (t->isPointerType()) t = t->getPointeeType();
  const CXXRecordDecl *r = t->getAsCXXRecordDecl();
  if (!r || !r->hasDefinition()) return false;
  auto named = [](const CXXRecordDecl *c) {
    if (!c->isInStdNamespace() || !c->getIdentifier()) return false;
    const StringRef n = c->getName();
    return n == "basic_ostream" || n == "basic_istream";
  };
  if (r->isInStdNamespace() && r->getIdentifier() && r->getName().contains("stringstream")) return false;
  return named(r) || !r->forallBases([&](const CXXRecordDecl *base) { return !named(base); });
}

// The stream a chain of << or >> starts from: `std::cerr` in `std::cerr <<
// "bad " << n` (whose outer calls take the inner ones' results), as
// written (a string stream is a basic_ostream once converted).
const Expr *chainStream(const CXXOperatorCallExpr *op) {
  const Expr *e = op;
  while (auto *o = dyn_cast<CXXOperatorCallExpr>(e)) {
    if (o->getNumArgs() == 0 || (o->getOperator() != OO_LessLess && o->getOperator() != OO_GreaterGreater)) break;
    e = o->getArg(0)->IgnoreParenImpCasts();
  }
  return e;
}

// Whether the stream an expression names, as written, is a file's.
bool streamIsFile(const Expr *stream) {
  stream = stream->IgnoreParenImpCasts();
  return isFileStreamType(stream->getType()) && !namesErrorStream(stream);
}

// Whether a statement reads or writes a file, anywhere in it: through the
// C library or POSIX, or a C++ stream. A simulation runs such a task body,
// so that what it prints is printed and what it reads is read: a task
// reading its chunk of a file with fscanf, simulated, left the file where
// the next read expected another position, and the program read other
// numbers; a task printing its result printed nothing.
bool doesFileIo(const Stmt *s) {
  bool found = false;
  forEach(s, [&](const Stmt *x) {
    auto *ce = dyn_cast<CallExpr>(x);
    if (found || !ce) return;
    if (writesErrorStream(ce)) return;
    // The C functions only (a C++ stream's own write() and close() are
    // found by its type below, a string stream's are not a file's).
    if (const FunctionDecl *f = ce->getDirectCallee();
        f && f->getIdentifier() && !isa<CXXMethodDecl>(f) && f->getDeclContext()->getRedeclContext()->isFileContext() &&
        kFileFunctions.count(f->getName().str()))
      found = true;
    else if (auto *op = dyn_cast<CXXOperatorCallExpr>(ce); op && op->getNumArgs() > 0 &&
                                                             (op->getOperator() == OO_LessLess || op->getOperator() == OO_GreaterGreater))
      found = streamIsFile(chainStream(op));
    else if (auto *m = dyn_cast<CXXMemberCallExpr>(ce); m && m->getImplicitObjectArgument())
      found = streamIsFile(m->getImplicitObjectArgument());
  });
  return found;
}

// Whether a statement creates, waits for or completes tasks, calls MPI,
// waits for another thread or excludes others, anywhere in it.
bool containsControlCode(const Stmt *s) {
  bool found = false;
  forEach(s, [&](const Stmt *x) {
    found = found || createsOrWaits(x) || callsMpi(x) || waitsForAnotherThread(x) || excludesOthers(x);
  });
  return found;
}

// The functions called directly by a statement.
std::set<const FunctionDecl *> directCallees(const Stmt *s) {
  std::set<const FunctionDecl *> out;
  forEach(s, [&](const Stmt *x) {
    if (auto *ce = dyn_cast<CallExpr>(x))
      if (auto *f = ce->getDirectCallee()) out.insert(f->getCanonicalDecl());
  });
  return out;
}

}  // namespace

class CallGraphBuilder : public RecursiveASTVisitor<CallGraphBuilder> {
 public:
  explicit CallGraphBuilder(TaskFunctions &tf) : tf_(tf) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (!fd->hasBody()) return true;
    const FunctionDecl *key = fd->getCanonicalDecl();
    if (containsControlCode(fd->getBody())) tf_.control_.insert(key);
    const auto local = [](const VarDecl *v) { return v->hasLocalStorage(); };
    // What the program's loops go round on is the program's: a library's
    // inline functions (the C++ containers' and streams' templates) store
    // into members their own loops read, and are not checked for it; nor
    // for files, which the calls into them say (doesFileIo).
    const bool library = tf_.pc_.sm.isInSystemHeader(tf_.pc_.sm.getExpansionLoc(fd->getLocation()));
    if (storesSteering(fd->getBody(), local, tf_.conditionReads_, library ? nullptr : &tf_.loopContents_,
                       &tf_.tested_))
      tf_.steers_.insert(key);
    if (!library && doesFileIo(fd->getBody())) tf_.fileIo_.insert(key);
    tf_.callees_[key] = directCallees(fd->getBody());
    return true;
  }

 private:
  TaskFunctions &tf_;
};

// Each task construct, in template patterns and in every instantiation: a
// call in a template is resolved in its instantiations only.
class TaskVisitor : public RecursiveASTVisitor<TaskVisitor> {
 public:
  explicit TaskVisitor(TaskFunctions &tf) : tf_(tf) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitOMPTaskDirective(OMPTaskDirective *d) {
    const Stmt *body = d->getInnermostCapturedStmt()->getCapturedStmt();
    TaskFunctions::Task &t = tf_.tasks_[d->getBeginLoc().getRawEncoding()];
    t.control = t.control || tf_.bodyIsControl(body);
    t.steers = t.steers || bodySteers(d, body);
    t.fileIo = t.fileIo || doesFileIo(body);
    for (const FunctionDecl *f : directCallees(body)) {
      t.callees.insert(f);
      t.fileIo = t.fileIo || tf_.fileIo_.count(f);
    }
    return true;
  }

 private:
  // The task's own variables: declared in its body, or its private copies
  // (private, firstprivate and lastprivate clauses, implicit ones included).
  bool bodySteers(const OMPTaskDirective *d, const Stmt *body) const {
    std::set<const VarDecl *> copies;
    for (const OMPClause *c : d->clauses()) {
      auto addAll = [&](auto *clause) {
        for (const Expr *e : clause->varlists())
          if (auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()))
            if (auto *v = dyn_cast<VarDecl>(ref->getDecl())) copies.insert(v->getCanonicalDecl());
      };
      if (auto *p = dyn_cast<OMPPrivateClause>(c)) addAll(p);
      else if (auto *f = dyn_cast<OMPFirstprivateClause>(c)) addAll(f);
      else if (auto *l = dyn_cast<OMPLastprivateClause>(c)) addAll(l);
    }
    const SourceRange range = body->getSourceRange();
    const SourceManager &sm = tf_.pc_.sm;
    auto own = [&](const VarDecl *v) {
      if (!v->hasLocalStorage()) return false;
      if (copies.count(v->getCanonicalDecl())) return true;
      const SourceLocation at = v->getLocation();
      return range.isValid() && !sm.isBeforeInTranslationUnit(at, range.getBegin()) &&
             !sm.isBeforeInTranslationUnit(range.getEnd(), at);
    };
    if (storesSteering(body, own, tf_.conditionReads_, &tf_.loopContents_, &tf_.tested_)) return true;
    for (const FunctionDecl *f : directCallees(body))
      if (tf_.steers_.count(f)) return true;
    return false;
  }

 private:
  TaskFunctions &tf_;
};

TaskFunctions::TaskFunctions(PassContext &pc, TranslationUnitDecl *tu)
    : pc_(pc),
      mangler_(pc.ctx.createMangleContext()),
      conditionReads_(conditionReads(tu, /*otherFiles=*/true)),
      loopContents_(loopConditionReads(tu, /*exitsOutsideLoops=*/false).contents) {
  // A block's address stored where some code follows it steers as one a
  // condition tests: the pointers read anywhere join what conditions read.
  const std::set<const ValueDecl *> followed = followedPointers(tu);
  tested_ = conditionReads_;
  conditionReads_.insert(followed.begin(), followed.end());
  CallGraphBuilder(*this).TraverseDecl(tu);
  // What a function does, its callers do.
  for (std::set<const FunctionDecl *> *marked : {&control_, &steers_, &fileIo_})
    for (bool changed = true; changed;) {
      changed = false;
      for (auto &[f, cs] : callees_) {
        if (marked->count(f)) continue;
        for (auto *c : cs)
          if (marked->count(c)) {
            marked->insert(f);
            changed = true;
            break;
          }
      }
    }
  TaskVisitor(*this).TraverseDecl(tu);
}

TaskFunctions::~TaskFunctions() = default;

// A function of another translation unit that hccsim may have compiled: not
// defined here, of external linkage, not the C library's or the runtime's.
bool TaskFunctions::isExternal(const FunctionDecl *f) const {
  if (f->isDefined() || !f->isExternallyVisible() || f->getBuiltinID() != 0) return false;
  if (isa<CXXConstructorDecl>(f) || isa<CXXDestructorDecl>(f)) return false;
  if (pc_.sm.isInSystemHeader(pc_.sm.getExpansionLoc(f->getLocation()))) return false;
  const IdentifierInfo *id = f->getIdentifier();
  if (!id) return true;
  const StringRef name = id->getName();
  return !name.starts_with("omp_") && !name.starts_with("hcc_") && !name.starts_with("__kmpc_");
}

std::string TaskFunctions::markSymbol(const FunctionDecl *f) const {
  std::string name;
  llvm::raw_string_ostream os(name);
  if (mangler_->shouldMangleDeclName(f)) mangler_->mangleName(GlobalDecl(f), os);
  else os << f->getName();
  return "__hcc_fm_" + os.str();
}

bool TaskFunctions::bodyIsControl(const Stmt *body) const {
  if (containsControlCode(body)) return true;
  for (const FunctionDecl *f : directCallees(body))
    if (control_.count(f)) return true;
  return false;
}

bool TaskFunctions::isControl(const OMPTaskDirective *d) const {
  auto it = tasks_.find(d->getBeginLoc().getRawEncoding());
  return it != tasks_.end() && it->second.control;
}

bool TaskFunctions::steers(const OMPTaskDirective *d) const {
  auto it = tasks_.find(d->getBeginLoc().getRawEncoding());
  return it != tasks_.end() && (it->second.steers || it->second.fileIo);
}

bool TaskFunctions::doesFileIo(const OMPTaskDirective *d) const {
  auto it = tasks_.find(d->getBeginLoc().getRawEncoding());
  return it != tasks_.end() && it->second.fileIo;
}

std::vector<std::string> TaskFunctions::externalCallees(const OMPTaskDirective *d) {
  auto it = tasks_.find(d->getBeginLoc().getRawEncoding());
  return it == tasks_.end() ? std::vector<std::string>{} : externalCallees(it->second.callees);
}

std::vector<std::string> TaskFunctions::externalCallees(const std::set<const FunctionDecl *> &start) {
  std::set<const FunctionDecl *> seen, found;
  std::vector<const FunctionDecl *> todo(start.begin(), start.end());
  while (!todo.empty()) {
    const FunctionDecl *f = todo.back();
    todo.pop_back();
    if (!seen.insert(f).second) continue;
    if (auto it = callees_.find(f); it != callees_.end())
      todo.insert(todo.end(), it->second.begin(), it->second.end());
    else if (isExternal(f))
      found.insert(f);
  }
  std::vector<std::string> symbols;
  for (const FunctionDecl *f : found) {
    symbols.push_back(markSymbol(f));
    referenced_.insert(symbols.back());
  }
  std::sort(symbols.begin(), symbols.end());
  return symbols;
}

std::string TaskFunctions::calleeArray(const std::string &name, const std::vector<std::string> &symbols) {
  if (symbols.empty()) return "";
  std::string s = "static const hcc_omp_function_mark *const " + name + "[] = {";
  for (size_t i = 0; i < symbols.size(); ++i) s += (i ? ", &" : "&") + symbols[i];
  return s + "};\n";
}

void TaskFunctions::emitMarks() {
  const bool cxx = pc_.ctx.getLangOpts().CPlusPlus;
  std::ostringstream defs;
  unsigned n = 0;
  // In the order of the file: the output is the same from build to build.
  std::vector<const FunctionDecl *> defined;
  for (auto &[f, cs] : callees_) {
    const FunctionDecl *def = nullptr;
    if (!f->isDefined(def) || !pc_.inMainFile(def->getLocation()) || !def->isExternallyVisible() || def->isMain() ||
        def->isInlined() || def->isDependentContext() || def->getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
        isa<CXXConstructorDecl>(def) || isa<CXXDestructorDecl>(def) || def->isDeleted() || def->isDefaulted())
      continue;
    if (auto *m = dyn_cast<CXXMethodDecl>(def); m && m->getParent()->isLocalClass()) continue;
    defined.push_back(def);
  }
  std::sort(defined.begin(), defined.end(), [&](const FunctionDecl *a, const FunctionDecl *b) {
    return pc_.sm.isBeforeInTranslationUnit(a->getLocation(), b->getLocation());
  });
  for (const FunctionDecl *def : defined) {
    const FunctionDecl *f = def->getCanonicalDecl();
    const std::set<const FunctionDecl *> &cs = callees_[f];
    const char *flag = control_.count(f) ? "HCC_CODELET_CONTROL" : steers_.count(f) ? "HCC_CODELET_STEERS" : "0";
    std::vector<std::string> ext = externalCallees(cs);
    if (flag[0] == '0' && ext.empty()) continue;
    const std::string sym = markSymbol(def), arr = "__hcc_fmc" + std::to_string(n++);
    defs << calleeArray(arr, ext) << (cxx ? "extern \"C\" " : "extern ") << "const hcc_omp_function_mark " << sym
         << ";\nconst hcc_omp_function_mark " << sym << " = {" << flag << ", "
         << ext.size() << ", " << (ext.empty() ? "0" : arr) << "};\n";
  }
  std::string decls;
  // Functions not defined here (isExternal): none of this file's marks.
  for (const std::string &sym : referenced_)
    decls += std::string(cxx ? "extern \"C\" " : "extern ") + "const hcc_omp_function_mark " + sym +
             " __attribute__((weak));\n";
  prelude = decls;
  epilogue = defs.str().empty() ? "" : "\n" + defs.str();
}

}  // namespace hcc::rewriter
