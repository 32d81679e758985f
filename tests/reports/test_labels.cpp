// Greedy label placement keeps labels apart and inside the plot.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <random>

#include "reports/labels.hpp"

namespace reports {
namespace {

TEST(Boxes, OverlapAndContainment) {
  EXPECT_TRUE(overlaps({0, 0, 10, 10}, {5, 5, 10, 10}));
  EXPECT_FALSE(overlaps({0, 0, 10, 10}, {10, 0, 10, 10}));  // touching edges do not overlap
  EXPECT_TRUE(inside({1, 1, 5, 5}, {0, 0, 10, 10}));
  EXPECT_FALSE(inside({6, 6, 5, 5}, {0, 0, 10, 10}));
}

TEST(TextWidth, CountsCharactersNotBytes) {
  EXPECT_DOUBLE_EQ(text_width("abcd", 10), 24);
  EXPECT_DOUBLE_EQ(text_width("µ·—", 10), 18);
}

TEST(LabelPlacer, PrefersTheRightThenTriesOtherSides) {
  LabelPlacer placer({0, 0, 400, 300}, 10);
  const auto first = placer.place(100, 100, "label", 5);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->anchor, Anchor::start);
  EXPECT_DOUBLE_EQ(first->x, 105);
  // The same spot again: the right is taken, so it goes to the left.
  const auto second = placer.place(100, 100, "label", 5);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->anchor, Anchor::end);
  EXPECT_FALSE(overlaps(first->box, second->box));
}

TEST(LabelPlacer, LeavesOutALabelWithNoFreeSpot) {
  LabelPlacer placer({0, 0, 400, 300}, 10);
  placer.block({0, 0, 400, 300});
  EXPECT_FALSE(placer.place(100, 100, "label", 5));
}

TEST(LabelPlacer, TakesABoxOnlyWhenItIsFreeAndInside) {
  LabelPlacer placer({0, 0, 100, 100}, 10);
  EXPECT_TRUE(placer.take({10, 10, 20, 10}));
  EXPECT_FALSE(placer.take({15, 15, 20, 10}));  // overlaps the first
  EXPECT_FALSE(placer.take({90, 10, 20, 10}));  // sticks out of the area
  EXPECT_TRUE(placer.take({40, 10, 20, 10}));
}

TEST(LabelPlacer, KeepsLabelsInsideTheArea) {
  LabelPlacer placer({0, 0, 100, 100}, 10);
  const auto spot = placer.place(95, 50, "long label", 5);  // no room on the right
  ASSERT_TRUE(spot);
  EXPECT_TRUE(inside(spot->box, {0, 0, 100, 100}));
  EXPECT_NE(spot->anchor, Anchor::start);
}

// The grid gives the answers of checking every taken box, on boxes of every size and place (some
// sticking out of the area, some NaN).
TEST(LabelPlacer, PlacesAsCheckingEveryTakenBoxWould) {
  const Box area{20, 10, 500, 300};
  LabelPlacer placer(area, 10);
  std::vector<Box> taken;
  const auto free_and_inside = [&](const Box& b) {
    if (!inside(b, area)) return false;
    for (const Box& t : taken)
      if (overlaps(b, t)) return false;
    return true;
  };
  std::mt19937 random(7);
  std::uniform_real_distribution<double> x(-20, 560), y(-20, 330), size(0.5, 40);
  int placed = 0;
  for (int i = 0; i < 3000; ++i) {
    const Box b{x(random), y(random), size(random), size(random) / 3};
    if (i % 3 == 0) {
      placer.block(b);
      taken.push_back(b);
      continue;
    }
    const bool expected = free_and_inside(b);
    ASSERT_EQ(placer.take(b), expected) << i;
    if (expected) taken.push_back(b), ++placed;
  }
  EXPECT_GT(placed, 50);
  placer.block({std::nan(""), 0, 10, 10});
  EXPECT_FALSE(placer.take({std::nan(""), 20, 10, 10}));
}

// A sweep's points, each blocked and labelled, as a sweep comes: left to right along a slope.
// Returns the seconds taken; `placed` gets the labels placed.
double place_sweep(int points, int& placed) {
  const auto start = std::chrono::steady_clock::now();
  LabelPlacer placer({0, 0, 900, 500}, 10);
  std::mt19937 random(11);
  std::normal_distribution<double> noise(0, 20);
  std::vector<std::pair<double, double>> at(points);
  for (int i = 0; i < points; ++i) {
    const double x = 900.0 * i / points;
    at[i] = {x, 450 - x / 2 + noise(random)};
    placer.block({at[i].first - 3, at[i].second - 3, 6, 6});
  }
  placed = 0;
  for (const auto& [px, py] : at) placed += placer.place(px, py, "stream/omp_triad", 6) ? 1 : 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Checking every taken box, as before the grid, scanned most of them for each label (50k points
// took 3 s, 100k 16 s): ten times the points must take about ten times as long, not a hundred,
// whatever the machine's speed (a sanitizer build on a busy guest is 20× slower than release).
TEST(LabelPlacer, PlacingTakesTimeInProportionToThePoints) {
  int placed_small = 0, placed = 0;
  const double small = place_sweep(40'000, placed_small);
  const double large = place_sweep(400'000, placed);
  EXPECT_GT(placed, 10);
  EXPECT_LT(placed, 100);  // a full chart has room for few labels
  EXPECT_LT(large / small, 30) << "40k points took " << small << " s, 400k " << large << " s";
}

}  // namespace
}  // namespace reports
