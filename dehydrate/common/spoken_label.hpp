// What a screen reader says for an element that shows no text of its own: a picture's words.
#pragma once
#include <cstdint>
#include <string_view>

#include "../snapshot/arena.hpp"

namespace dehydra::common {

// Its aria-label, an image's alt, a drawing's <title> (the walk reads only that child of an
// <svg>), else its title; empty when it says nothing. Whether it shows is the caller's question.
std::string_view spoken_label(const snapshot::Snapshot& s, uint32_t element);

}  // namespace dehydra::common
