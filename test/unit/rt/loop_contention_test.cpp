// A loop's contention (rt/program/loop_contention.hpp): the instrumented
// runs' typical chunks over this simulation's, footprint by footprint.
#include "loop_contention.hpp"

#include <gtest/gtest.h>

namespace hcc::rt {
namespace {

// One chunk of a single long burst: its charge.
double run_chunk(LoopContention& loop, const MeasuredChunk& chunk, double seconds) {
  ChunkState state;
  const double charged = loop.scaled(chunk, state, seconds);
  loop.chunk_ended(chunk, state);
  return charged;
}

TEST(LoopContention, ALoopThatRunsOnceIsScaledByItsOwnChunk) {
  LoopContention loop;
  EXPECT_DOUBLE_EQ(run_chunk(loop, {100, 4e-3, 2e-3}, 1e-3), 2e-3);
  LoopContention faster;
  EXPECT_DOUBLE_EQ(run_chunk(faster, {100, 1e-3, 1e-3}, 2e-3), 1e-3);
}

TEST(LoopContention, ComparesTheTypicalChunksAtEachFootprint) {
  LoopContention loop;
  // The instrumented runs' chunks at footprint 100: a first run that
  // faulted its pages in, 4.5 ms, then 1.5 ms (their mean: 2.5 ms, their
  // typical 1.5).
  const MeasuredChunk chunk{100, 2.5e-3, 1.5e-3};
  // The first run here faults them in too: charged as measured, left out.
  EXPECT_DOUBLE_EQ(run_chunk(loop, chunk, 5e-3), 5e-3);
  EXPECT_DOUBLE_EQ(loop.factor(), 1.0);
  // The later ones take 1 ms here: 1.5 times as long natively.
  EXPECT_DOUBLE_EQ(run_chunk(loop, chunk, 1e-3), 1.5e-3);
  EXPECT_DOUBLE_EQ(run_chunk(loop, chunk, 1e-3), 1.5e-3);
  // A second footprint adds its own: (1.5 + 1) / (1 + 1.5).
  const MeasuredChunk other{50, 1e-3, 1e-3};
  EXPECT_DOUBLE_EQ(run_chunk(loop, other, 1.5e-3), 1.5e-3);
  EXPECT_DOUBLE_EQ(loop.factor(), 1.0);
}

TEST(LoopContention, AChunkLongerHereIsChargedWhatTheInstrumentedRunMeasured) {
  LoopContention loop;
  const MeasuredChunk chunk{100, 1e-3, 1e-3};
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(run_chunk(loop, chunk, 1.25e-3), 1e-3);
}

TEST(LoopContention, TheTypicalChunkCountsTheSlowerOnes) {
  LoopContention loop;
  const MeasuredChunk chunk{100, 3e-3, 3e-3};
  // Half the chunks twice as long as the others: a median would say 1 ms.
  for (double s : {1e-3, 2e-3, 1e-3, 2e-3, 1e-3, 2e-3}) run_chunk(loop, chunk, s);
  EXPECT_DOUBLE_EQ(loop.factor(), 2.0);
}

TEST(LoopContention, AnOutlierIsJudgedByTheContentionSoFar) {
  LoopContention loop;
  const MeasuredChunk chunk{100, 1e-3, 1e-3};
  run_chunk(loop, chunk, 2e-3);  // this machine's chunks take twice as long: 0.5
  EXPECT_DOUBLE_EQ(loop.factor(), 0.5);
  EXPECT_DOUBLE_EQ(run_chunk(loop, chunk, 5e-3), 2.5e-3) << "under 3 / 0.5 ms: counted";
  EXPECT_DOUBLE_EQ(run_chunk(loop, chunk, 11e-3), 11e-3) << "over 3 / (1 / 3.5) ms: as measured, left out";
  EXPECT_DOUBLE_EQ(loop.factor(), 1.0 / 3.5);
}

TEST(LoopContention, AFootprintNotMeasuredGetsTheContentionSoFar) {
  LoopContention loop;
  run_chunk(loop, {100, 2e-3, 2e-3}, 1e-3);
  EXPECT_DOUBLE_EQ(run_chunk(loop, {7, -1, -1}, 1e-3), 2e-3);
  EXPECT_DOUBLE_EQ(loop.factor(), 2.0) << "a chunk without a model changes nothing";
  EXPECT_DOUBLE_EQ(loop.modelled_at(100), 2e-3);
  EXPECT_LT(loop.modelled_at(7), 0);
}

TEST(LoopContention, AChunkOfSeveralBurstsCountsItsSum) {
  LoopContention loop;
  const MeasuredChunk chunk{100, 4e-3, 4e-3};
  ChunkState state;
  EXPECT_DOUBLE_EQ(loop.scaled(chunk, state, 1e-3), 4e-3) << "the chunk so far: 1 ms";
  EXPECT_DOUBLE_EQ(loop.scaled(chunk, state, 1e-3), 2e-3) << "the chunk so far: 2 ms";
  loop.chunk_ended(chunk, state);
  EXPECT_DOUBLE_EQ(loop.factor(), 2.0);
}

TEST(LoopContention, AChunkAlongsideTheFirstCountsWhenItEnds) {
  LoopContention loop;
  const MeasuredChunk chunk{100, 2e-3, 2e-3};
  ChunkState first, second;
  loop.scaled(chunk, first, 2e-3);  // 1: no contention yet
  EXPECT_DOUBLE_EQ(loop.scaled(chunk, second, 1e-3), 1e-3);
  EXPECT_FALSE(second.holds);
  loop.chunk_ended(chunk, second);
  EXPECT_DOUBLE_EQ(loop.factor(), 2.0 / 1.5) << "the running chunk and the ended one";
  loop.chunk_ended(chunk, first);
  EXPECT_DOUBLE_EQ(loop.factor(), 2.0 / 1.5);
}

}  // namespace
}  // namespace hcc::rt
