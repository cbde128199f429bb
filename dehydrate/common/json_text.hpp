// JSON text written directly, for results the core builds on every call (a document tree of
// nlohmann values costs an allocation per value and a large serializer to compile).
#pragma once
#include <string>
#include <string_view>

namespace dehydra::common {

// Appends `s` as a JSON string literal. Invalid UTF-8 becomes U+FFFD, as nlohmann's
// error_handler_t::replace does, so the text always parses.
void append_json_string(std::string& out, std::string_view s);

// Appends a number as JavaScript prints it (JSON.parse reads back the same double).
void append_json_number(std::string& out, double x);

}  // namespace dehydra::common
