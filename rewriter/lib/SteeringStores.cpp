// Which stores steer control code (SteeringStores.hpp).
//
// A simulation runs the bodies of tasks that create or wait for tasks and
// simulates the others from their models. A body that builds the program's
// data structure (allocates a block and stores its address in a matrix of
// pointers that control code tests before creating the next tasks), or sets
// a count or flag that control code tests, must run too, or the simulated
// program is another program: fewer tasks, or a crash on a null pointer.
// StarPU asks its users to flag such codelets by hand
// (STARPU_CODELET_SIMGRID_EXECUTE); the compiler sees the stores.
#include "SteeringStores.hpp"

#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "StmtWalk.hpp"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hcc::rewriter {

namespace {

// A variable, member or function, and which of it: its value (a number, a
// flag, a pointer: `if (!f) return 1;` tests f's value) or, with
// contents, the elements or members it points to or holds (`f[i]`, `*p`,
// `v[i]`, `g.at(i, j)`).
struct Node {
  const ValueDecl *decl;
  bool contents;
  bool operator<(const Node &o) const { return std::tie(decl, contents) < std::tie(o.decl, o.contents); }
};

// Whether a variable's value leads to contents of its own: a pointer, an
// array, a reference or an object.
bool holdsContents(const ValueDecl *d) {
  const QualType t = d->getType();
  return t->isPointerType() || t->isArrayType() || t->isReferenceType() || t->isRecordType();
}

const ValueDecl *storedBase(const Expr *target);

// The member whose elements a member function of the file returns, a
// reference to one or its value (`double &at(int i, int j) { return v[i *
// n + j]; }`: v), or null: `g.at(i, j)` is then `g.v[...]`, whose stores
// leave g's other members (`g.n`, that loops go round by) as they were.
const FieldDecl *accessedMember(const CXXMemberCallExpr *call) {
  const CXXMethodDecl *m = call->getMethodDecl();
  const FunctionDecl *def = m ? m->getDefinition() : nullptr;
  if (!def || !def->getBody()) return nullptr;
  const FieldDecl *member = nullptr;
  bool others = false;
  forEach(def->getBody(), [&](const Stmt *x) {
    auto *r = dyn_cast<ReturnStmt>(x);
    if (!r) return;
    const Expr *e = r->getRetValue() ? r->getRetValue()->IgnoreParenImpCasts() : nullptr;
    auto *op = dyn_cast_or_null<CXXOperatorCallExpr>(e);
    auto *u = dyn_cast_or_null<UnaryOperator>(e);
    const bool element = isa_and_nonnull<ArraySubscriptExpr>(e) || (op && op->getOperator() == OO_Subscript) ||
                         (u && u->getOpcode() == UO_Deref);
    const auto *f = element ? dyn_cast_or_null<FieldDecl>(storedBase(e)) : nullptr;
    if (!f || (member && member != f)) others = true;
    member = f;
  });
  return others ? nullptr : member;
}

// The array, pointer, object or member an element store writes into:
// `a[i][j]`, `*p`, `v[i]` (std::vector's operator[]), `g.at(i, j)` (a
// member function returning a reference: the member it returns an element
// of, accessedMember, else its object), `s.x[i]` (the member); null where
// the compiler cannot name one.
const ValueDecl *storedBase(const Expr *target) {
  for (const Expr *e = target->IgnoreParenImpCasts();;) {
    if (auto *a = dyn_cast<ArraySubscriptExpr>(e)) {
      e = a->getBase()->IgnoreParenImpCasts();
    } else if (auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) {
      e = u->getSubExpr()->IgnoreParenImpCasts();
    } else if (auto *op = dyn_cast<CXXOperatorCallExpr>(e); op && op->getOperator() == OO_Subscript) {
      e = op->getArg(0)->IgnoreParenImpCasts();
    } else if (auto *mc = dyn_cast<CXXMemberCallExpr>(e); mc && mc->getImplicitObjectArgument()) {
      if (const FieldDecl *member = accessedMember(mc)) return member->getCanonicalDecl();
      e = mc->getImplicitObjectArgument()->IgnoreParenImpCasts();
    } else if (auto *m = dyn_cast<MemberExpr>(e)) {
      const auto *f = dyn_cast<FieldDecl>(m->getMemberDecl());
      return f ? f->getCanonicalDecl() : nullptr;
    } else if (auto *ref = dyn_cast<DeclRefExpr>(e)) {
      auto *v = dyn_cast<VarDecl>(ref->getDecl());
      return v ? v->getCanonicalDecl() : nullptr;
    } else {
      return nullptr;
    }
  }
}

// Whether a member call reads only a standard container's shape, its size
// or where it begins and ends (`k < v.size()`, `it != v.end()`), which no
// store into its elements changes: its object is read as a value, as a
// pointer's is by a null test.
bool readsShape(const CXXMemberCallExpr *call) {
  const CXXMethodDecl *m = call->getMethodDecl();
  if (!m || !m->getIdentifier() || !m->getParent()->isInStdNamespace()) return false;
  static const std::set<std::string> kShape = {"size",  "empty",  "length", "capacity", "max_size", "begin",
                                               "end",   "cbegin", "cend",   "rbegin",   "rend",     "crbegin",
                                               "crend"};
  return kShape.count(m->getName().str()) > 0;
}

// What a condition reads, and what flows into it: `norm = sqrt(red); while
// (norm > tol)` is steered by red too, so a task that sums into red must
// run in a simulation or the loop ends after another count of iterations.
// Flows are taken from every assignment and initialisation of the file,
// in any order (one fixed point, not per program point), and from an `if`'s
// condition into what its branches assign.
// With loopsOnly, only the conditions of loops and of the `if`s that jump
// out of them, and values and contents apart: flows also go into the
// contents of what an element store writes (`centre[k] = sum[k] / n[k]`),
// from arguments into the parameters of the file's functions, and from a
// pointer's contents into those of the pointer it is copied to; a null
// test of a pointer (`if (!f) return 1;`) is not a read of its elements.
// Without, every read is of a value and only variables are assigned to.
class ConditionFinder : public RecursiveASTVisitor<ConditionFinder> {
 public:
  ConditionFinder(const SourceManager &sm, bool loopsOnly, bool exitsOutsideLoops, bool calledElsewhere = false)
      : sm_(sm), loopsOnly_(loopsOnly), exitsOutsideLoops_(exitsOutsideLoops), calledElsewhere_(calledElsewhere) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  // How many loops enclose what is visited (an if that leaves one).
  bool TraverseForStmt(ForStmt *s) { return inLoop([&] { return RecursiveASTVisitor::TraverseForStmt(s); }); }
  bool TraverseWhileStmt(WhileStmt *s) { return inLoop([&] { return RecursiveASTVisitor::TraverseWhileStmt(s); }); }
  bool TraverseDoStmt(DoStmt *s) { return inLoop([&] { return RecursiveASTVisitor::TraverseDoStmt(s); }); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *s) {
    return inLoop([&] { return RecursiveASTVisitor::TraverseCXXForRangeStmt(s); });
  }
  bool VisitIfStmt(IfStmt *s) {
    // What a branch stores depends on the condition: `if (worst < tol) done
    // = 1;` before `while (!done)` is steered by worst.
    for (const Stmt *branch : {s->getThen(), s->getElse()})
      forEach(branch, [&](const Stmt *x) {
        const Expr *target = nullptr;
        if (auto *bo = dyn_cast<BinaryOperator>(x); bo && bo->isAssignmentOp()) target = bo->getLHS();
        else if (auto *uo = dyn_cast<UnaryOperator>(x); uo && uo->isIncrementDecrementOp()) target = uo->getSubExpr();
        if (target) store(target, s->getCond());
      });
    const bool leaves = jumpsOut(s) && (exitsOutsideLoops_ || loops_ > 0);
    return loopsOnly_ && !leaves ? true : add(s, s->getCond());
  }
  bool VisitWhileStmt(WhileStmt *s) { return add(s, s->getCond()); }
  bool VisitDoStmt(DoStmt *s) { return add(s, s->getCond()); }
  bool VisitForStmt(ForStmt *s) { return add(s, s->getCond()); }
  bool VisitSwitchStmt(SwitchStmt *s) { return loopsOnly_ ? true : add(s, s->getCond()); }
  bool VisitConditionalOperator(ConditionalOperator *e) { return loopsOnly_ ? true : add(e, e->getCond()); }
  bool VisitBinaryOperator(BinaryOperator *e) {
    if (e->isAssignmentOp()) store(e->getLHS(), e->getRHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *e) {
    if (e->isIncrementDecrementOp() && !named(e->getSubExpr())) store(e->getSubExpr(), e->getSubExpr());  // count[k]++
    return true;
  }
  bool VisitVarDecl(VarDecl *v) {
    if (v->hasInit()) assign(v->getCanonicalDecl(), v->getInit());
    return true;
  }
  // What a function returns flows into its calls (`red = sweep()`).
  bool VisitFunctionDecl(FunctionDecl *f) {
    if (!f->hasBody()) return true;
    const bool exported = givesNumbersElsewhere(f);
    forEach(f->getBody(), [&](const Stmt *x) {
      if (auto *r = dyn_cast<ReturnStmt>(x); r && r->getRetValue()) {
        flow({f->getCanonicalDecl(), false}, r->getRetValue());
        if (exported && f->getReturnType()->isArithmeticType()) add(r, r->getRetValue());
      }
    });
    for (const ParmVarDecl *p : f->parameters()) {
      if (!exported) break;
      const QualType t = p->getType();
      const bool reference = t->isReferenceType();
      if (!(reference || t->isPointerType())) continue;
      const QualType number = t->getPointeeType();
      if (!number.isConstQualified() && number->isArithmeticType() && (reference || !indexed(f->getBody(), p)))
        read_.insert({p->getCanonicalDecl(), !reference});  // `*residual = r`, `residual = r`
    }
    return true;
  }
  // Whether body indexes p or moves it (`p[i]`, `p + i`, `p++`): an array,
  // not the place of one number.
  static bool indexed(const Stmt *body, const ParmVarDecl *p) {
    const auto names = [p](const Expr *e) {
      auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
      return ref && ref->getDecl() == p;
    };
    bool found = false;
    forEach(body, [&](const Stmt *x) {
      if (auto *a = dyn_cast<ArraySubscriptExpr>(x)) found |= names(a->getBase());
      else if (auto *b = dyn_cast<BinaryOperator>(x); b && (b->isAdditiveOp() || b->isCompoundAssignmentOp()))
        found |= names(b->getLHS()) || names(b->getRHS());
      else if (auto *u = dyn_cast<UnaryOperator>(x); u && u->isIncrementDecrementOp()) found |= names(u->getSubExpr());
    });
    return found;
  }
  // Loops: arguments flow into the parameters of the file's functions
  // (`nearest(point, centres)` returns what its distances to centres say).
  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
    if (!loopsOnly_ || isa<CXXOperatorCallExpr>(call)) return true;
    if (!def) {
      if (callee) externalCall(callee, call);
      return true;
    }
    for (unsigned i = 0; i < def->getNumParams() && i < call->getNumArgs(); ++i)
      assign(def->getParamDecl(i)->getCanonicalDecl(), call->getArg(i));
    return true;
  }

  // The values and the contents read by a condition or flowing into one.
  std::set<Node> steering() {
    // A message may carry any send buffer's contents into any receive buffer
    // of a matching datatype (MPI requires a receive's type to match the
    // send's: doubles sent never land in an int received).
    for (const MpiBuffer &received : mpiReceived_)
      for (const MpiBuffer &sent : mpiSent_)
        if (!received.type || !sent.type || received.type == sent.type) sources_[received.place].insert(sent.place);
    std::vector<Node> todo(read_.begin(), read_.end());
    while (!todo.empty()) {
      const Node n = todo.back();
      todo.pop_back();
      for (const Node &from : sources_[n])
        if (read_.insert(from).second) todo.push_back(from);
    }
    return std::move(read_);
  }

 private:
  // The variable, member or called function an expression names, else null.
  static const ValueDecl *named(const Expr *e) {
    e = e->IgnoreParenImpCasts();
    if (auto *ref = dyn_cast<DeclRefExpr>(e)) {
      if (auto *v = dyn_cast<VarDecl>(ref->getDecl())) return v->getCanonicalDecl();
      if (auto *f = dyn_cast<FunctionDecl>(ref->getDecl())) return f->getCanonicalDecl();
    }
    if (auto *m = dyn_cast<MemberExpr>(e))
      if (auto *f = dyn_cast<FieldDecl>(m->getMemberDecl())) return f->getCanonicalDecl();
    return nullptr;
  }
  // Calls fn on what s reads: each name under it, with contents where it
  // is read through (the base of an element, a dereference, the object of
  // a member or of a member call; loopsOnly).
  template <typename Fn>
  void eachRead(const Stmt *s, Fn &&fn) const {
    std::vector<std::pair<const Stmt *, bool>> todo{{s, false}};
    while (!todo.empty()) {
      auto [x, through] = todo.back();
      todo.pop_back();
      if (!x || isa<UnaryExprOrTypeTraitExpr>(x)) continue;  // sizeof *p reads nothing
      if (auto *e = dyn_cast<Expr>(x))
        if (const ValueDecl *d = named(e)) fn(Node{d, loopsOnly_ && through});
      bool keeps = isa<ImplicitCastExpr, ParenExpr>(x);  // a read through passes casts and parentheses
      if (keeps) {
        for (const Stmt *c : x->children()) todo.push_back({c, through});
        continue;
      }
      const Stmt *object = nullptr;  // what x reads through
      if (auto *a = dyn_cast<ArraySubscriptExpr>(x)) object = a->getBase();
      else if (auto *u = dyn_cast<UnaryOperator>(x); u && u->getOpcode() == UO_Deref) object = u->getSubExpr();
      else if (auto *m = dyn_cast<MemberExpr>(x)) object = m->getBase();
      else if (auto *op = dyn_cast<CXXOperatorCallExpr>(x); op && op->getOperator() == OO_Subscript)
        object = op->getArg(0);
      else if (auto *mc = dyn_cast<CXXMemberCallExpr>(x)) {
        if (readsShape(mc)) {  // its object's value, not through its callee either
          todo.push_back({mc->getImplicitObjectArgument(), false});
          continue;
        }
        if (const FieldDecl *member = accessedMember(mc))  // `g.at(i, j)` reads as `g.v[...]`
          fn(Node{member->getCanonicalDecl(), loopsOnly_});
        object = mc->getImplicitObjectArgument();
      }
      for (const Stmt *c : x->children()) todo.push_back({c, c == object});
      if (auto *cs = dyn_cast<CapturedStmt>(x)) todo.push_back({cs->getCapturedStmt(), false});
    }
  }
  // The conditions of the standard library's inline functions are its own
  // (`if (__a < __b) return __b;` in std::max made every number a program
  // passes to std::max steer); what its functions return still flows from
  // what they are given (VisitFunctionDecl, VisitCallExpr).
  bool add(const Stmt *construct, const Stmt *cond) {
    if (!sm_.isInSystemHeader(sm_.getExpansionLoc(construct->getBeginLoc())))
      eachRead(cond, [&](const Node &n) { read_.insert(n); });
    return true;
  }
  void flow(const Node &to, const Stmt *from) {
    eachRead(from, [&](const Node &n) {
      if (n.decl != to.decl || n.contents != to.contents) sources_[to].insert(n);
    });
  }
  // A variable or parameter takes from's value; loops: a pointer, array or
  // object also shares the contents of those from names (`fr = f + i * w`).
  void assign(const ValueDecl *to, const Expr *from) {
    flow({to, false}, from);
    if (!loopsOnly_ || !holdsContents(to)) return;
    eachRead(from, [&](const Node &n) {
      if (!n.contents && n.decl != to && holdsContents(n.decl)) sources_[{to, true}].insert({n.decl, true});
    });
  }
  // A store into target of what from computes: into a variable or member,
  // its value; loops: into an element, the contents of its array, which
  // also depend on which element (the indices).
  void store(const Expr *target, const Expr *from) {
    if (const ValueDecl *to = named(target)) {
      assign(to, from);
    } else if (const ValueDecl *array = loopsOnly_ ? storedBase(target) : nullptr) {
      flow({array, true}, from);
      flow({array, true}, target);
    }
  }

  // What a pointer argument lets a function reach: `&x` a number's value,
  // `a`, `a + k`, `&a[i]`, `&s.m` the contents of the array, pointer or
  // member; nullopt where the compiler cannot name one.
  static std::optional<Node> reached(const Expr *arg) {
    arg = arg->IgnoreParenCasts();
    if (auto *u = dyn_cast<UnaryOperator>(arg); u && u->getOpcode() == UO_AddrOf) {
      const Expr *place = u->getSubExpr()->IgnoreParenImpCasts();
      if (const ValueDecl *d = named(place); d && isa<DeclRefExpr>(place)) return Node{d, holdsContents(d)};
      if (const ValueDecl *base = storedBase(place)) return Node{base, true};
      return std::nullopt;
    }
    if (auto *b = dyn_cast<BinaryOperator>(arg); b && b->isAdditiveOp())
      return reached(b->getLHS()->getType()->isPointerType() ? b->getLHS() : b->getRHS());
    if (const ValueDecl *d = named(arg); d && holdsContents(d)) return Node{d, true};
    return std::nullopt;
  }
  // An MPI function that sends or receives messages or accesses another
  // rank's window (not a collective: what its receive buffer gets comes
  // from its own send buffer, the flow of any call).
  static bool messageCall(llvm::StringRef name) {
    if (!name.consume_front("MPI_") && !name.consume_front("PMPI_")) return false;
    static const std::set<std::string> kCollectives = {
        "Bcast",    "Reduce",    "Allreduce",  "Reduce_local", "Alltoall",       "Alltoallv",
        "Alltoallw", "Allgather", "Allgatherv", "Gather",       "Gatherv",        "Scatter",
        "Scatterv", "Scan",      "Exscan",     "Reduce_scatter", "Reduce_scatter_block"};
    std::string base = name.str();
    // The nonblocking ones: Ibcast, Iallreduce.
    if (base.size() > 1 && base[0] == 'I' && std::islower(static_cast<unsigned char>(base[1])))
      base = std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(base[1])))) + base.substr(2);
    return !kCollectives.count(base) && !llvm::StringRef(base).starts_with("Neighbor_");
  }
  static bool window(llvm::StringRef name) {
    return name == "MPI_Win_create" || name == "MPI_Win_attach" || name == "PMPI_Win_create" ||
           name == "PMPI_Win_attach";
  }
  // An opaque handle or an array of them (MPI_Comm, MPI_Request *: a
  // pointer to a structure the file cannot see): every call of a library
  // takes its handles, through which no data of the program's flows.
  static bool handle(QualType type) {
    for (int level = 0; level < 2 && type->isPointerType(); ++level) {
      type = type->getPointeeType();
      if (type->isIncompleteType() && type->isRecordType()) return true;
    }
    return false;
  }
  // A call of a function the file does not define (MPI, the C library): what
  // it writes through a pointer to writable data may come from any of its
  // arguments and what they point to (MPI_Alltoall's counts into the receive
  // counts a loop then goes round by, memcpy), and so may what it returns;
  // an MPI function's receive buffer (`void *`) from any MPI send buffer
  // (`const void *`) of the file: a message. Without these flows a loop
  // that computes the counts a rank sends was modelled under
  // HCC_SIM_LOOPS=model, and the simulated program exchanged no particles.
  void externalCall(const FunctionDecl *callee, const CallExpr *call) {
    std::vector<Node> inputs, outputs;
    const bool mpi = messageCall(callee->getName());
    for (unsigned i = 0; i < call->getNumArgs(); ++i) {
      const Expr *arg = call->getArg(i);
      const QualType type = i < callee->getNumParams() ? callee->getParamDecl(i)->getType() : arg->getType();
      const std::optional<Node> place = reached(arg);
      if (!place || handle(type)) continue;
      inputs.push_back(*place);
      if (!type->isPointerType()) continue;
      const QualType pointee = type->getPointeeType();
      if (!pointee.isConstQualified()) outputs.push_back(*place);
      if (mpi && pointee->isVoidType()) {
        (pointee.isConstQualified() ? mpiSent_ : mpiReceived_).push_back({*place, datatypeOf(callee, call, i)});
        // A window's memory is what other ranks' MPI_Get read, too.
        if (window(callee->getName())) mpiSent_.push_back({*place, nullptr});
      }
    }
    for (const Node &out : outputs) {
      for (const Expr *arg : call->arguments()) flow(out, arg);
      for (const Node &in : inputs)
        if (in.decl != out.decl || in.contents != out.contents) sources_[out].insert(in);
    }
    const Node result{callee->getCanonicalDecl(), false};
    for (const Node &in : inputs) sources_[result].insert(in);
  }

  // The predefined datatype of an MPI call's buffer argument i, the
  // argument after its count (MPI_INT: SMPI's smpi_MPI_INT, OpenMPI's
  // ompi_mpi_int), or null where any data may go: a derived datatype, or
  // MPI_BYTE and MPI_PACKED.
  static const VarDecl *datatypeOf(const FunctionDecl *callee, const CallExpr *call, unsigned i) {
    if (i + 2 >= call->getNumArgs() || i + 2 >= callee->getNumParams() ||
        callee->getParamDecl(i + 2)->getType().getAsString() != "MPI_Datatype")
      return nullptr;
    const VarDecl *found = nullptr;
    forEach(call->getArg(i + 2), [&](const Stmt *x) {
      auto *ref = dyn_cast<DeclRefExpr>(x);
      auto *v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
      if (!v || !v->hasExternalStorage()) return;
      const llvm::StringRef name = v->getName();
      if ((name.starts_with("smpi_MPI_") || name.starts_with("ompi_mpi_")) && !name.ends_with_insensitive("_byte") &&
          !name.ends_with_insensitive("_packed"))
        found = v->getCanonicalDecl();
    });
    return found;
  }

  // A branch of s breaks, returns or jumps: `if (norm < tol) break;`.
  static bool jumpsOut(const IfStmt *s) {
    bool found = false;
    for (const Stmt *branch : {s->getThen(), s->getElse()})
      forEach(branch, [&](const Stmt *x) { found |= isa<BreakStmt, ReturnStmt, GotoStmt>(x); });
    return found;
  }

  // In a file without main: whether f is one of the functions the
  // program's other files call (external linkage, not inline), whose
  // conditions this file does not see: the number it returns, or stores
  // through a pointer or reference it was given, may decide what they do
  // and how many times their loops go round (`while (change > tol) change =
  // step(a, b);` in main.cpp, with step's reduction in solver.cpp).
  bool givesNumbersElsewhere(const FunctionDecl *f) const {
    return calledElsewhere_ && f->isExternallyVisible() && !f->isInlined() &&
           !sm_.isInSystemHeader(sm_.getExpansionLoc(f->getBeginLoc()));
  }

  template <typename Traverse>
  bool inLoop(Traverse traverse) {
    ++loops_;
    const bool result = traverse();
    --loops_;
    return result;
  }

  const SourceManager &sm_;
  bool loopsOnly_;
  bool exitsOutsideLoops_;  // an if outside any loop that returns counts (loopConditionReads)
  bool calledElsewhere_;    // other files call the file's functions (givesNumbersElsewhere)
  int loops_ = 0;
  std::set<Node> read_;
  std::map<Node, std::set<Node>> sources_;
  struct MpiBuffer {
    Node place;
    const VarDecl *type;  // datatypeOf
  };
  std::vector<MpiBuffer> mpiSent_, mpiReceived_;  // MPI functions' send and receive buffers (externalCall)
};

// Whether a condition may read what a store into memory (an element, a
// member, a dereference) changes: the member, or the variable the element's
// array hangs from; a place the compiler cannot name, yes.
bool conditionReads(const Expr *target, const std::set<const ValueDecl *> &conditions) {
  for (const Expr *e = target->IgnoreParenImpCasts();;) {
    if (auto *m = dyn_cast<MemberExpr>(e)) {
      const auto *f = dyn_cast<FieldDecl>(m->getMemberDecl());
      return !f || conditions.count(f->getCanonicalDecl()) > 0;
    }
    if (auto *a = dyn_cast<ArraySubscriptExpr>(e)) {
      e = a->getBase()->IgnoreParenImpCasts();
      continue;
    }
    if (auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) {
      e = u->getSubExpr()->IgnoreParenImpCasts();
      continue;
    }
    if (auto *ref = dyn_cast<DeclRefExpr>(e))
      if (auto *v = dyn_cast<VarDecl>(ref->getDecl())) return conditions.count(v->getCanonicalDecl()) > 0;
    return true;
  }
}

// A value a condition can test: a number, a flag, an enumerator, a pointer
// (not an aggregate, whose stores are its members').
bool testable(QualType t) { return t->isScalarType(); }

// Whether a member belongs to an object of the code's own (`mine.count`,
// not `shared->count`), whose stores no other code sees.
bool ownObject(const MemberExpr *m, const std::function<bool(const VarDecl *)> &isOwn) {
  while (!m->isArrow()) {
    const Expr *base = m->getBase()->IgnoreParenImpCasts();
    if (auto *inner = dyn_cast<MemberExpr>(base)) {
      m = inner;
      continue;
    }
    auto *ref = dyn_cast<DeclRefExpr>(base);
    auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    return var && isOwn(var);
  }
  return false;
}

}  // namespace

namespace {

// A pointer, or an array of them.
bool holdsPointers(QualType t) {
  while (const ArrayType *a = t->getAsArrayTypeUnsafe()) t = a->getElementType();
  return t->isPointerType();
}

// The pointer-holding variables and members read somewhere (followedPointers).
class PointerReads : public RecursiveASTVisitor<PointerReads> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  // The place an assignment writes, `p` of `p[i] = ...` included, is no read.
  bool VisitBinaryOperator(BinaryOperator *b) {
    if (!b->isAssignmentOp()) return true;
    for (const Expr *e = b->getLHS()->IgnoreParenImpCasts();;) {
      if (auto *a = dyn_cast<ArraySubscriptExpr>(e)) {
        e = a->getBase()->IgnoreParenImpCasts();
      } else {
        if (isa<DeclRefExpr>(e) || isa<MemberExpr>(e)) stored_.insert(e);
        break;
      }
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (auto *v = dyn_cast<VarDecl>(e->getDecl()); v && holdsPointers(v->getType())) uses_.emplace_back(e, v);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *e) {
    if (auto *f = dyn_cast<FieldDecl>(e->getMemberDecl()); f && holdsPointers(f->getType())) uses_.emplace_back(e, f);
    return true;
  }
  std::set<const ValueDecl *> read() const {
    std::set<const ValueDecl *> read;
    for (const auto &[e, d] : uses_)
      if (!stored_.count(e)) read.insert(cast<ValueDecl>(d->getCanonicalDecl()));
    return read;
  }

 private:
  std::set<const Expr *> stored_;
  std::vector<std::pair<const Expr *, const ValueDecl *>> uses_;
};

}  // namespace

std::set<const ValueDecl *> followedPointers(TranslationUnitDecl *tu) {
  PointerReads r;
  r.TraverseDecl(tu);
  return r.read();
}

namespace {

bool definesMain(TranslationUnitDecl *tu) {
  for (const Decl *d : tu->decls())
    if (const auto *f = dyn_cast<FunctionDecl>(d); f && f->isMain() && f->hasBody()) return true;
  return false;
}

}  // namespace

std::set<const ValueDecl *> conditionReads(TranslationUnitDecl *tu, bool otherFiles) {
  ConditionFinder f(tu->getASTContext().getSourceManager(), false, true, otherFiles && !definesMain(tu));
  f.TraverseDecl(tu);
  std::set<const ValueDecl *> values;
  for (const Node &n : f.steering()) values.insert(n.decl);
  return values;
}

LoopSteering loopConditionReads(TranslationUnitDecl *tu, bool exitsOutsideLoops, bool otherFiles) {
  ConditionFinder f(tu->getASTContext().getSourceManager(), true, exitsOutsideLoops, otherFiles && !definesMain(tu));
  f.TraverseDecl(tu);
  LoopSteering reads;
  for (const Node &n : f.steering()) (n.contents ? reads.contents : reads.values).insert(n.decl);
  return reads;
}

namespace {

// Whether writing a number, flag or pointer into a variable or member
// steers: one a condition reads, not the code's own.
bool steeringPlace(const Expr *place, const std::function<bool(const VarDecl *)> &isOwn,
                   const std::set<const ValueDecl *> &conditions) {
  place = place->IgnoreParenImpCasts();
  if (auto *ref = dyn_cast<DeclRefExpr>(place)) {
    auto *var = dyn_cast<VarDecl>(ref->getDecl());
    return var && !isOwn(var) && testable(var->getType()) && conditions.count(var->getCanonicalDecl());
  }
  auto *member = dyn_cast<MemberExpr>(place);
  auto *field = member ? dyn_cast<FieldDecl>(member->getMemberDecl()) : nullptr;
  // a member a condition reads: `s->residual = ...; while (s->residual > tol)`
  return field && testable(field->getType()) && conditions.count(field->getCanonicalDecl()) &&
         !ownObject(member, isOwn);
}

// Whether an element store writes into an array, object or member whose
// contents a condition reads, not the code's own.
bool elementSteers(const Expr *target, const std::function<bool(const VarDecl *)> &isOwn,
                   const std::set<const ValueDecl *> &contents) {
  const ValueDecl *base = storedBase(target);
  if (!base || !contents.count(base)) return false;
  const auto *var = dyn_cast<VarDecl>(base);
  return !var || !isOwn(var);
}

// Whether a call may write such a place holding a floating-point number:
// passed by address to a parameter that points to writable data (`dot(x,
// y, n, &rho)` before `if (rho < tol)`), or by reference to a non-const
// reference. Not an integer: that is mostly a status a kernel reports
// (LAPACK's `info`, tested for failures), which a simulated kernel, run on
// data the simulation may not keep, would only report wrongly.
bool callWritesSteering(const CallExpr *call, const std::function<bool(const VarDecl *)> &isOwn,
                        const std::set<const ValueDecl *> &conditions) {
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee) return false;
  // A member operator's call (`f(&rho)` on a lambda) has its object as first argument.
  const auto *method = dyn_cast<CXXMethodDecl>(callee);
  const unsigned object = isa<CXXOperatorCallExpr>(call) && method && method->isInstance() ? 1 : 0;
  for (unsigned i = 0; i < callee->getNumParams() && i + object < call->getNumArgs(); ++i) {
    const QualType param = callee->getParamDecl(i)->getType();
    const Expr *arg = call->getArg(i + object)->IgnoreParenImpCasts();
    const Expr *place = nullptr;
    if (param->isPointerType() && !param->getPointeeType().isConstQualified()) {
      if (auto *u = dyn_cast<UnaryOperator>(arg); u && u->getOpcode() == UO_AddrOf) place = u->getSubExpr();
    } else if (param->isLValueReferenceType() && !param.getNonReferenceType().isConstQualified()) {
      place = arg;
    }
    if (place && place->getType()->isRealFloatingType() && steeringPlace(place, isOwn, conditions)) return true;
  }
  return false;
}

// Whether an expression names memory that is not the code's own: a
// variable not its own, or what it cannot name.
bool sharedPlace(const Expr *e, const std::function<bool(const VarDecl *)> &isOwn) {
  const ValueDecl *base = storedBase(e);
  const auto *var = dyn_cast_or_null<VarDecl>(base);
  return !var || !isOwn(var);
}

// Whether a call of a standard class's member function that changes its
// object (`v.push_back(i)`, `v.resize(n)`, `q.pop()`, `v.clear()`: a
// container's size, not one element, as at() or a non-const begin() give)
// changes an object a condition reads (`k < v.size()`): a loop that
// collects items under a critical section decides how many times the
// loops over them go round.
bool changesReadObject(const CallExpr *call, const std::function<bool(const VarDecl *)> &isOwn,
                       const std::set<const ValueDecl *> &conditions, const std::set<const ValueDecl *> *contents) {
  const auto *mc = dyn_cast<CXXMemberCallExpr>(call);
  const CXXMethodDecl *m = mc ? mc->getMethodDecl() : nullptr;
  if (!m || m->isConst() || !m->getIdentifier() || !m->getParent()->isInStdNamespace()) return false;
  static const std::set<std::string> kElementAccess = {"at",   "front", "back",  "data",   "begin",
                                                       "end",  "rbegin", "rend", "cbegin", "cend"};
  if (kElementAccess.count(m->getName().str())) return false;
  const ValueDecl *object = storedBase(mc->getImplicitObjectArgument());
  const auto *var = dyn_cast_or_null<VarDecl>(object);
  if (!object || (var && isOwn(var))) return false;
  return conditions.count(object) > 0 || (contents && contents->count(object) > 0);
}

// Whether a call frees a block that other code allocated or follows
// (`free(scratch[b])`): the program's heap is its data structure, and a
// simulated release would leave the block allocated (the simulated peak
// memory grows where the native one does not).
bool releasesShared(const CallExpr *call, const std::function<bool(const VarDecl *)> &isOwn) {
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee || call->getNumArgs() != 1 || !callee->getIdentifier()) return false;
  const StringRef name = callee->getName();
  if (name != "free" && name != "cfree") return false;
  const Expr *arg = call->getArg(0)->IgnoreParenImpCasts();
  return isa<DeclRefExpr, ArraySubscriptExpr, MemberExpr, UnaryOperator>(arg) && sharedPlace(arg, isOwn);
}

// A flag or marker's value: an integer, character, boolean or enumerator
// literal (`done[i] = 1`, `state[k] = READY`), not a computed number.
bool flagValue(const Expr *value) {
  value = value->IgnoreParenImpCasts();
  if (auto *u = dyn_cast<UnaryOperator>(value); u && u->getOpcode() == UO_Minus)
    value = u->getSubExpr()->IgnoreParenImpCasts();
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr>(value)) return true;
  auto *ref = dyn_cast<DeclRefExpr>(value);
  return ref && isa<EnumConstantDecl>(ref->getDecl());
}

// Whether an element store sets a flag that a condition tests: a literal
// into an integer element of memory not the code's own, of an array a
// condition reads (`if (array[i] != 1) errors++` after a taskwait: libomp's
// tasking/omp_taskwait.c counted every task as failed, its stores
// simulated). Numbers computed into arrays stay computation.
bool flagStore(const BinaryOperator *store, const Expr *target, const std::function<bool(const VarDecl *)> &isOwn,
               const std::set<const ValueDecl *> &conditions) {
  const QualType t = target->getType();
  if (!store || store->getOpcode() != BO_Assign || !(t->isIntegralOrEnumerationType()) || !flagValue(store->getRHS()))
    return false;
  return sharedPlace(target, isOwn) && conditionReads(target, conditions);
}

}  // namespace

bool storesSteering(const Stmt *s, const std::function<bool(const VarDecl *)> &isOwn,
                    const std::set<const ValueDecl *> &conditions, const std::set<const ValueDecl *> *contents,
                    const std::set<const ValueDecl *> *flags) {
  bool steers = false;
  forEach(s, [&](const Stmt *x) {
    if (steers) return;
    if (auto *call = dyn_cast<CallExpr>(x)) {
      steers = callWritesSteering(call, isOwn, conditions) || releasesShared(call, isOwn) ||
               changesReadObject(call, isOwn, conditions, contents);
      return;
    }
    if (auto *del = dyn_cast<CXXDeleteExpr>(x)) {
      steers = sharedPlace(del->getArgument(), isOwn);
      return;
    }
    const Expr *target = nullptr;
    const auto *store = dyn_cast<BinaryOperator>(x);
    if (store && store->isAssignmentOp()) target = store->getLHS();
    else if (auto *uo = dyn_cast<UnaryOperator>(x); uo && uo->isIncrementDecrementOp()) target = uo->getSubExpr();
    if (!target) return;
    target = target->IgnoreParenImpCasts();
    if (isa<DeclRefExpr>(target)) steers = steeringPlace(target, isOwn, conditions);
    else if (auto *m = dyn_cast<MemberExpr>(target); m && ownObject(m, isOwn)) steers = false;
    else  // or an address put into the program's data, where a condition may test it
      steers = steeringPlace(target, isOwn, conditions) ||
               (target->getType()->isPointerType() && conditionReads(target, conditions)) ||
               (flags && flagStore(store, target, isOwn, *flags)) || (contents && elementSteers(target, isOwn, *contents));
  });
  return steers;
}

}  // namespace hcc::rewriter
