// The messages of failures that js-shim detects in the DOM (element missing, hierarchy, ...), kept
// with the rest of the policy so every text matches the reference host's wording.
#pragma once
#include <string>
#include <string_view>

namespace dehydra::webtree {

// `key` names the failure; `argument` is appended (shortened) where the message takes one.
std::string message(std::string_view key, std::string_view argument);

// The most of an argument any message prints (UTF-16 units): js-shim sends no more.
size_t message_argument_max_units();

}  // namespace dehydra::webtree
