// The limits as the messages print them, so each number is written only in limits.hpp.
#pragma once
#include <string>

#include "limits.hpp"

namespace dehydra::webtree {

// "2 MiB" for a whole number of MiB.
inline std::string mib_text(size_t bytes) { return std::to_string(bytes / kMiB) + " MiB"; }

// "八 MiB": some messages of the reference host write the size with a Chinese numeral (one to nine).
inline std::string han_mib_text(size_t bytes) {
  static const char* const kDigits[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  return std::string(kDigits[bytes / kMiB - 1]) + " MiB";
}

static_assert(kTextMaxUnits % kMiB == 0 && kTextMaxUnits / kMiB >= 1 && kTextMaxUnits / kMiB <= 9,
              "han_mib_text prints kTextMaxUnits");
static_assert(kResourceMaxBytes % kMiB == 0 && kResourceMaxBytes / kMiB >= 1 && kResourceMaxBytes / kMiB <= 9,
              "han_mib_text prints kResourceMaxBytes");

}  // namespace dehydra::webtree
