// Outcome: the one result type of the dehydrate and webtree cores. A value, or a message and no
// value; a failure never has an empty message.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dehydrate/base/outcome.hpp"

using dehydra::common::failure;
using dehydra::common::Outcome;
using dehydra::common::passed;
using dehydra::common::success;

namespace {
Outcome<std::string> halve(int n) {
  if (n % 2 != 0) return failure("odd: " + std::to_string(n));
  return success(std::to_string(n / 2));
}
}  // namespace

TEST_CASE("success carries the value and no message") {
  Outcome<std::string> o = halve(8);
  CHECK(o.ok());
  CHECK(o.value == "4");
  CHECK(o.error.empty());
}

TEST_CASE("failure converts to any value type, with the message and a default value") {
  Outcome<std::string> o = halve(7);
  CHECK_FALSE(o.ok());
  CHECK(o.error == "odd: 7");
  CHECK(o.value.empty());
  Outcome<std::vector<int>> list = failure("none");
  CHECK_FALSE(list.ok());
  CHECK(list.value.empty());
  Outcome<int> number = failure("no number");
  CHECK(number.value == 0);
}

TEST_CASE("a failure without a message still fails, as \"failed\"") {
  Outcome<int> o = failure("");
  CHECK_FALSE(o.ok());
  CHECK(o.error == "failed");
}

TEST_CASE("a check passes with true, or fails with its message") {
  Outcome<bool> yes = passed();
  CHECK(yes.ok());
  CHECK(yes.value);
  Outcome<bool> no = failure("refused");
  CHECK_FALSE(no.ok());
  CHECK_FALSE(no.value);
}
