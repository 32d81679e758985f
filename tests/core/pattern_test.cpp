// The schemas' patterns, matched without backtracking (issue 43: std::regex recursed once per
// character, and a 30,000-character string in a file overflowed the stack).
#include "roofline/src/pattern.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using roofline::detail::Pattern;

TEST(Pattern, MatchesAsJsonSchemasPatternDoes) {
  const Pattern id("^(cpu|opencl:[0-9]+:[0-9]+|cuda:[0-9]+)$");
  for (const char* yes : {"cpu", "opencl:0:1", "cuda:12"}) EXPECT_TRUE(id.search(yes)) << yes;
  for (const char* no : {"", "cpu ", "xcpu", "cuda:", "opencl:0", "cuda:1a", "cpu\n"})
    EXPECT_FALSE(id.search(no)) << no;
  // Unanchored, as JSON Schema searches.
  const Pattern suffix("_not_offered$");
  EXPECT_TRUE(suffix.search("tensor_not_offered"));
  EXPECT_FALSE(suffix.search("_not_offered_yet"));
  const Pattern time("^([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z)?$");
  EXPECT_TRUE(time.search(""));
  EXPECT_TRUE(time.search("2026-11-29T11:45:46Z"));
  EXPECT_FALSE(time.search("2026-11-29T11:45:4Z"));
  const Pattern quantity("^(flops|cpu_seconds|bytes\\..+)$");
  EXPECT_TRUE(quantity.search("bytes.L1"));
  EXPECT_FALSE(quantity.search("bytes."));
  EXPECT_FALSE(quantity.search("bytes.L1\n"));
  const Pattern forms("^(?:a\\d|[^a-c]\\w)*;e{2,3}$");
  EXPECT_TRUE(forms.search("a1z_;ee"));
  EXPECT_TRUE(forms.search(";eee"));
  EXPECT_FALSE(forms.search("b_;ee"));
  EXPECT_FALSE(forms.search(";eeee"));
}

TEST(Pattern, AMegabyteOfTextIsMatchedWithoutRecursion) {
  const Pattern id("^(cpu|opencl:[0-9]+:[0-9]+|cuda:[0-9]+)$");
  EXPECT_TRUE(id.search("cuda:" + std::string(1 << 20, '7')));
  EXPECT_FALSE(id.search("cuda:" + std::string(1 << 20, '7') + "x"));
  EXPECT_FALSE(Pattern("(a*)*b").search(std::string(1 << 20, 'a')));  // no exponential retry
}

TEST(Pattern, SyntaxOutsideTheSubsetIsRefusedNamingThePattern) {
  for (const char* bad : {"(a", "a)", "[a", "*a", "a**", "a+?", "\\b", "(?=a)", "a{3,2}"}) {
    try {
      Pattern p(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::logic_error& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("\"") + bad + "\""), std::string::npos)
          << e.what();
    }
  }
}
