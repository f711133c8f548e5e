// The simd-lanes pass (ompadv cc --race loads it into clang-19): the lanes of
// a simd loop are logically parallel (doc/SEMANTICS.md rule 20), but one
// thread runs them and no OpenMP or ThreadSanitizer event marks where an
// iteration begins.  In the functions ThreadSanitizer instruments, each loop
// the front end marked as simd gets three calls into the race runtime
// (tool/tsan.c): __ompadv_simd_begin(lanes) where the loop is entered,
// __ompadv_simd_iter() at the top of each iteration (its header) and
// __ompadv_simd_end() where it is left.  lanes bounds the distance between
// two iterations that may run at once: safelen's, or 0 for none given.
//
// Which loops are simd: clang marks `#pragma omp simd` (and the simd part of
// `for simd`, `distribute simd` ...) with llvm.loop.vectorize.enable, and
// without safelen also with llvm.loop.parallel_accesses (no iterations
// depend on each other); with safelen(n), vectorize.width n instead.  A
// worksharing loop whose iterations may run in any order (schedule(dynamic),
// nonmonotonic) has parallel_accesses alone: it is no simd loop (its
// iterations on one thread run one after another).
// `#pragma clang loop vectorize_width(n)` gives the same width but also
// llvm.loop.vectorize.scalable.enable, which OpenMP's never does: that loop
// is no simd loop (it asserts nothing about its iterations), unless it has
// vectorize(assume_safety)'s parallel_accesses.
//
// The pass runs at the start of the pipeline, before any loop is transformed:
// the calls keep the vectorizer off the loop, so its lanes run one iteration
// after another and each access is seen in its own iteration.
//
// The same pass marks the iterations of schedule(static) worksharing loops
// (doc/SEMANTICS.md rule 21): which of them share a thread depends on the
// team size, and the runtime checks the iterations one thread runs against
// each other for the team sizes that would give them two.  Clang calls
// __kmpc_for_static_init_{4,4u,8,8u} (which the runtime interposes: the
// loop's bounds, schedule and chunk) and then counts a variable of its own
// (.omp.iv) from the lower bound the call returned: the top of each
// iteration's body gets __ompadv_ws_iter(iv), its iteration's number.
// libtool's -DPIC would rename a member of LLVM's PassBuilder
#undef PIC
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace {

// The loop's lanes: 0 for a simd loop without safelen, its safelen, or -1
// for no simd loop.
int simdLanes(const Loop *L)
{
  MDNode *id = L->getLoopID();
  if (!id)
    return -1;
  bool enable = false, parallel = false, scalable = false;
  int width = 0;
  for (const MDOperand &op : id->operands()) {
    auto *node = dyn_cast<MDNode>(op.get());
    if (!node || node->getNumOperands() == 0)
      continue;
    auto *name = dyn_cast<MDString>(node->getOperand(0));
    if (!name)
      continue;
    StringRef s = name->getString();
    if (s == "llvm.loop.parallel_accesses")
      parallel = true;
    else if (s == "llvm.loop.vectorize.scalable.enable")
      scalable = true;
    else if (s == "llvm.loop.vectorize.enable" || s == "llvm.loop.vectorize.width") {
      if (node->getNumOperands() < 2)
        continue;
      auto *v = mdconst::dyn_extract<ConstantInt>(node->getOperand(1));
      if (!v)
        continue;
      if (s == "llvm.loop.vectorize.enable")
        enable = !v->isZero();
      else
        width = (int)v->getZExtValue();
    }
  }
  if (!enable)
    return -1;  /* (parallel alone: a worksharing loop's any-order iterations) */
  if (parallel)
    return 0;
  if (!scalable && width > 0)
    return width;
  return -1;
}

// The loop's metadata without the vectorizer's hints: the calls keep it off
// the loop anyway, and a hint it cannot follow would be a warning
// (-Wpass-failed), an error under -Werror.
void dropVectorizeHints(Loop *L)
{
  MDNode *id = L->getLoopID();
  if (!id)
    return;
  SmallVector<Metadata *, 8> keep;
  keep.push_back(nullptr);  // the loop ID refers to itself
  for (unsigned i = 1; i < id->getNumOperands(); i++) {
    auto *node = dyn_cast<MDNode>(id->getOperand(i).get());
    auto *name = node && node->getNumOperands() ? dyn_cast<MDString>(node->getOperand(0)) : nullptr;
    if (name && name->getString().starts_with("llvm.loop.vectorize."))
      continue;
    keep.push_back(id->getOperand(i).get());
  }
  MDNode *fresh = MDNode::getDistinct(id->getContext(), keep);
  fresh->replaceOperandWith(0, fresh);
  L->setLoopID(fresh);
}

// The program also runs without ompadv, on ThreadSanitizer's own runtime,
// which has no __ompadv_simd_* functions: they are weak references, called
// only when the runtime loaded defines them.  The call is made in place
// (not through a helper), so that its return address, which names the
// loop or the access, is in the program's code at the right line.
Function *hook(Module &M, StringRef name, ArrayRef<Type *> params)
{
  LLVMContext &C = M.getContext();
  FunctionType *fty = FunctionType::get(Type::getVoidTy(C), params, false);
  auto *f = cast<Function>(M.getOrInsertFunction(name, fty).getCallee());
  f->setLinkage(GlobalValue::ExternalWeakLinkage);
  // It touches only the race runtime's own memory (it never reads through
  // the address it is given): the optimizer may keep the program's values
  // in registers across it, as it would without the call (a reduction's
  // private copy loaded and stored every iteration made a loop 12 times
  // slower and checked 600M accesses instead of none).
  f->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
  f->setDoesNotThrow();
  f->addFnAttr(Attribute::WillReturn);
  f->addFnAttr(Attribute::NoCallback);
  return f;
}

void callIfThere(Instruction *before, Function *f, ArrayRef<Value *> args, DebugLoc where,
                 DominatorTree &DT, LoopInfo &LI)
{
  IRBuilder<> irb(before);
  Value *there = irb.CreateIsNotNull(f);
  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  Instruction *then = SplitBlockAndInsertIfThen(there, before->getIterator(), false, nullptr,
                                                &DTU, &LI);
  irb.SetInsertPoint(then);
  irb.SetCurrentDebugLocation(where);
  irb.CreateCall(f, args);
}

// An access the loop makes to a local aggregate of the function that never
// escapes: ThreadSanitizer leaves those out (no other thread can reach
// them), but two lanes can.  Only aggregates the code outside the loop uses
// too: the loop's private copies, and its scalars (its counters), are each
// lane's own.
bool sharedLocal(Value *ptr, const Loop *L)
{
  auto *a = dyn_cast<AllocaInst>(getUnderlyingObject(ptr));
  if (!a
      || !(a->getAllocatedType()->isArrayTy() || a->getAllocatedType()->isStructTy()
           || a->isArrayAllocation())  /* (a variable-length array) */
      || PointerMayBeCaptured(a, true, true))
    return false;
  SmallVector<const Value *, 8> work{ a };
  SmallPtrSet<const Value *, 16> seen;
  while (!work.empty()) {
    const Value *v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (const User *u : v->users()) {
      auto *i = dyn_cast<Instruction>(u);
      if (!i)
        continue;
      if (isa<GetElementPtrInst>(i) || isa<BitCastInst>(i))
        work.push_back(i);
      else if (!L->contains(i->getParent()) && !i->isLifetimeStartOrEnd())
        return true;
    }
  }
  return false;
}

// A schedule(static) loop: the call to the runtime that splits it, the loop
// over the thread's iterations, and where its iteration's number is known:
// clang's counts a variable (iv) that the first block of its body loads;
// flang's (LLVM's OpenMPIRBuilder) counts from 0 in a phi of its own and
// adds the lower bound the call returned at the top of its body (counter,
// after which the mark goes).
struct StaticLoop {
  CallInst *init;
  Loop *loop;
  AllocaInst *iv;
  BasicBlock *body;
  Instruction *counter;
};

// libomp's schedule kinds (kmp.h: enum sched_type): static with a chunk and
// without one, and the modifier bits (monotonic, nonmonotonic).
enum { SchedStaticChunked = 33, SchedStatic = 34, SchedModifiers = 3u << 29 };

Value *loadUnchecked(IRBuilder<> &irb, Type *t, Value *from)
{
  LoadInst *ld = irb.CreateLoad(t, from);
  // ThreadSanitizer leaves it alone: the race runtime's, not the program's
  ld->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(ld->getContext(), {}));
  return ld;
}

// OpenMPIRBuilder's loop: its body adds the lower bound the call returned
// (a load after the call) to the loop's own count, a phi of the loop's
// header that starts at 0.
Instruction *builderCounter(CallInst *call, LoopInfo &LI, DominatorTree &DT)
{
  Value *lower = call->getArgOperand(4);
  for (User *u : lower->users()) {
    auto *ld = dyn_cast<LoadInst>(u);
    if (!ld || ld->getPointerOperand() != lower || !DT.dominates(call, ld))
      continue;
    for (User *v : ld->users()) {
      auto *add = dyn_cast<BinaryOperator>(v);
      if (!add || add->getOpcode() != Instruction::Add)
        continue;
      auto *phi = dyn_cast<PHINode>(add->getOperand(0) == ld ? add->getOperand(1)
                                                             : add->getOperand(0));
      Loop *L = phi ? LI.getLoopFor(phi->getParent()) : nullptr;
      if (!L || L->getHeader() != phi->getParent() || !L->contains(add->getParent()))
        continue;
      BasicBlock *pre = L->getLoopPreheader();
      auto *start = pre ? dyn_cast<ConstantInt>(phi->getIncomingValueForBlock(pre)) : nullptr;
      if (start && start->isZero())
        return add;
    }
  }
  return nullptr;
}

SmallVector<StaticLoop, 2> staticLoops(Function &F, LoopInfo &LI, DominatorTree &DT)
{
  SmallVector<StaticLoop, 2> found;
  for (BasicBlock &b : F)
    for (Instruction &i : b) {
      auto *call = dyn_cast<CallInst>(&i);
      Function *callee = call ? call->getCalledFunction() : nullptr;
      if (!callee || !callee->getName().starts_with("__kmpc_for_static_init_")
          || call->arg_size() != 9)
        continue;
      auto *sched = dyn_cast<ConstantInt>(call->getArgOperand(2));
      if (!sched)
        continue;
      uint64_t kind = sched->getZExtValue() & ~(uint64_t)SchedModifiers;
      if (kind != SchedStatic && kind != SchedStaticChunked)
        continue;
      // the counter: where the lower bound the call returned is stored
      Value *lower = call->getArgOperand(4);
      AllocaInst *iv = nullptr;
      for (User *u : lower->users()) {
        auto *ld = dyn_cast<LoadInst>(u);
        if (!ld || ld->getPointerOperand() != lower || !DT.dominates(call, ld))
          continue;
        for (User *v : ld->users())
          if (auto *st = dyn_cast<StoreInst>(v); st && st->getValueOperand() == ld)
            if (auto *a = dyn_cast<AllocaInst>(st->getPointerOperand()))
              iv = a;
      }
      if (!iv) {
        if (Instruction *c = builderCounter(call, LI, DT))
          found.push_back({ call, LI.getLoopFor(c->getParent()), nullptr, nullptr, c });
        continue;
      }
      // the innermost loop after the call whose header tests the counter
      Loop *best = nullptr;
      for (Loop *L : LI.getLoopsInPreorder()) {
        BasicBlock *h = L->getHeader();
        if (!DT.dominates(call->getParent(), h) || h == call->getParent())
          continue;
        bool tests = false;
        for (Instruction &x : *h)
          if (auto *ld = dyn_cast<LoadInst>(&x); ld && ld->getPointerOperand() == iv)
            tests = true;
        if (tests && (!best || L->getLoopDepth() > best->getLoopDepth()))
          best = L;
      }
      if (!best)
        continue;
      auto *br = dyn_cast<BranchInst>(best->getHeader()->getTerminator());
      if (!br || !br->isConditional())
        continue;
      BasicBlock *body = best->contains(br->getSuccessor(0)) ? br->getSuccessor(0)
                         : best->contains(br->getSuccessor(1)) ? br->getSuccessor(1)
                                                                : nullptr;
      if (!body || body == best->getHeader() || !body->getSinglePredecessor())
        continue;
      found.push_back({ call, best, iv, body, nullptr });
    }
  return found;
}

void markStaticLoops(Function &F, ArrayRef<StaticLoop> loops, LoopInfo &LI, DominatorTree &DT)
{
  Module *M = F.getParent();
  Type *i64 = Type::getInt64Ty(M->getContext());
  Function *iter = hook(*M, "__ompadv_ws_iter", { i64 });
  for (const StaticLoop &s : loops) {
    bool isUnsigned = s.init->getCalledFunction()->getName().ends_with("u");
    Instruction *top = s.counter ? s.counter->getNextNode() : &*s.body->getFirstInsertionPt();
    IRBuilder<> irb(top);
    Value *k = s.counter ? s.counter : loadUnchecked(irb, s.iv->getAllocatedType(), s.iv);
    k = isUnsigned ? irb.CreateZExtOrTrunc(k, i64) : irb.CreateSExtOrTrunc(k, i64);
    callIfThere(top, iter, { k }, s.loop->getStartLoc(), DT, LI);
  }
}

struct SimdLanesPass : PassInfoMixin<SimdLanesPass> {
  // also at -O0, whose functions are optnone
  static bool isRequired() { return true; }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM)
  {
    if (F.isDeclaration() || !F.hasFnAttribute(Attribute::SanitizeThread))
      return PreservedAnalyses::all();
    auto &LI = AM.getResult<LoopAnalysis>(F);
    auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
    SmallVector<std::pair<Loop *, int>, 4> simd;
    for (Loop *L : LI.getLoopsInPreorder()) {
      int lanes = simdLanes(L);
      if (lanes >= 0)
        simd.push_back({ L, lanes });
    }
    SmallVector<StaticLoop, 2> statics = staticLoops(F, LI, DT);
    if (simd.empty() && statics.empty())
      return PreservedAnalyses::all();
    // the worksharing loops first: the simd marks split their headers
    markStaticLoops(F, statics, LI, DT);
    Module *M = F.getParent();
    LLVMContext &C = M->getContext();
    const DataLayout &DL = M->getDataLayout();
    Type *i32 = Type::getInt32Ty(C), *i64 = Type::getInt64Ty(C), *ptr = PointerType::get(C, 0);
    Function *begin = hook(*M, "__ompadv_simd_begin", { i32 });
    Function *iter = hook(*M, "__ompadv_simd_iter", {});
    Function *end = hook(*M, "__ompadv_simd_end", {});
    Function *access = hook(*M, "__ompadv_simd_access", { ptr, i64, i32 });
    for (auto &[L, lanes] : simd) {
      dropVectorizeHints(L);
      // the debug location of the loop's start names the construct
      DebugLoc where = L->getStartLoc();
      // the accesses to shared locals first (the blocks are split after)
      SmallVector<std::pair<Instruction *, bool>, 8> locals;
      for (BasicBlock *b : L->blocks())
        for (Instruction &i : *b) {
          if (auto *ld = dyn_cast<LoadInst>(&i); ld && sharedLocal(ld->getPointerOperand(), L))
            locals.push_back({ ld, false });
          else if (auto *st = dyn_cast<StoreInst>(&i); st && sharedLocal(st->getPointerOperand(), L))
            locals.push_back({ st, true });
        }
      for (auto &[i, write] : locals) {
        Value *p = write ? cast<StoreInst>(i)->getPointerOperand() : cast<LoadInst>(i)->getPointerOperand();
        Type *t = write ? cast<StoreInst>(i)->getValueOperand()->getType() : i->getType();
        callIfThere(i, access,
                    { p, ConstantInt::get(i64, DL.getTypeStoreSize(t).getFixedValue()),
                      ConstantInt::get(i32, write) },
                    i->getDebugLoc(), DT, LI);
      }
      BasicBlock *header = L->getHeader();
      SmallVector<BasicBlock *, 2> outside;
      for (BasicBlock *p : predecessors(header))
        if (!L->contains(p))
          outside.push_back(p);
      for (BasicBlock *p : outside) {
        BasicBlock *b = SplitEdge(p, header, &DT, &LI);
        callIfThere(b->getTerminator(), begin, { ConstantInt::get(i32, lanes) }, where, DT, LI);
      }
      callIfThere(&*header->getFirstInsertionPt(), iter, {}, where, DT, LI);
      SmallVector<Loop::Edge, 2> exits;
      L->getExitEdges(exits);
      for (auto &[from, to] : exits) {
        BasicBlock *b = SplitEdge(const_cast<BasicBlock *>(from), const_cast<BasicBlock *>(to),
                                  &DT, &LI);
        callIfThere(b->getTerminator(), end, {}, where, DT, LI);
      }
    }
    PreservedAnalyses pa;
    pa.preserve<LoopAnalysis>();
    pa.preserve<DominatorTreeAnalysis>();
    return pa;
  }
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo()
{
  return { LLVM_PLUGIN_API_VERSION, "ompadv-simd-lanes", "1", [](PassBuilder &PB) {
            PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
              MPM.addPass(createModuleToFunctionPassAdaptor(SimdLanesPass()));
            });
          } };
}
