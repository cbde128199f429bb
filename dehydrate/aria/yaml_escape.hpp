// Quoting for the ariaSnapshot YAML: keys in single quotes, values in double quotes, each only
// when YAML would otherwise misread the plain string (same rules as Playwright's renderer).
#pragma once
#include <string>
#include <string_view>

namespace dehydra::aria {

bool yaml_needs_quotes(std::string_view s);
std::string yaml_key(std::string_view s);
std::string yaml_value(std::string_view s);

}  // namespace dehydra::aria
