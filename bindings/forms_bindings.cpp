#include <emscripten/bind.h>

#include <string>

#include "../dehydrate/forms/form_fill.hpp"
#include "../dehydrate/forms/form_schema.hpp"
#include "current_snapshot.hpp"

namespace dehydra::bindings {
namespace {

std::string form_tools() {
  const snapshot::Snapshot* s = current_snapshot();
  return s ? forms::form_tools_json(*s) : std::string("{\"error\":\"no snapshot loaded\"}");
}

std::string plan_fill(std::string tool, std::string input, bool require_all) {
  const snapshot::Snapshot* s = current_snapshot();
  return s ? forms::plan_fill(*s, tool, input, require_all) : std::string("{\"error\":\"no snapshot loaded\"}");
}

}  // namespace
}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(forms) {
  emscripten::function("formTools", &dehydra::bindings::form_tools);
  emscripten::function("planFill", &dehydra::bindings::plan_fill);
}
