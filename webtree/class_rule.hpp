// The class-name rule (设置节点类名): letters, digits, _, - and spaces; at most 32 tokens of at
// most 64 characters, 512 in all; stored normalised (single spaces).
#pragma once
#include <string>
#include <string_view>

#include "../dehydrate/base/outcome.hpp"

namespace dehydra::webtree {

// The normalised value (empty: remove the attribute), or the message.
common::Outcome<std::string> check_class(std::string_view value);

}  // namespace dehydra::webtree
