// JSON text written directly, for results the core builds on every call (a document tree of
// nlohmann values costs an allocation per value and a large serializer to compile).
#pragma once
#include <string>
#include <string_view>

namespace dehydra::common {

// Appends `s` as a JSON string literal, as JSON.stringify writes it: \" \\ \b \f \n \r \t, other
// C0 controls as \u00xx, everything else as is. Each ill-formed UTF-8 subpart becomes U+FFFD (see
// js_string.hpp), so the text always parses and reads back as JS would have read the bytes.
// The one JSON string escaper of both cores.
void append_json_string(std::string& out, std::string_view s);

// Appends a number as JavaScript prints it (JSON.parse reads back the same double).
void append_json_number(std::string& out, double x);

}  // namespace dehydra::common
