// Greedy label placement keeps labels apart and inside the plot.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace reports
