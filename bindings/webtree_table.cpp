// 网页文树's whole binding table: one WebTreeSession per instance (its handle table) and the
// stateless rule checks. The webtree core's checks and planners answer an Outcome
// (dehydrate/common/outcome.hpp); envelope() turns each into the result envelope (envelope.hpp).
#include <emscripten/bind.h>

#include <string>
#include <string_view>
#include <utility>

#include "../dehydrate/base/ascii_text.hpp"
#include "../webtree/attribute_rules.hpp"
#include "../webtree/hypertext.hpp"
#include "../webtree/limits.hpp"
#include "../webtree/link_rule.hpp"
#include "../webtree/messages.hpp"
#include "../webtree/tags.hpp"
#include "../webtree/tree_export.hpp"
#include "../webtree/tree_session.hpp"
#include "envelope.hpp"

namespace dehydra::bindings {
namespace {
using namespace dehydra::webtree;
using emscripten::val;

// Large inputs arrive as UTF-8 bytes js-shim wrote into wasm memory (embind's own string
// conversion is two orders of magnitude slower than TextEncoder.encodeInto).
std::string_view bytes(uintptr_t data, size_t size) { return {reinterpret_cast<const char*>(data), size}; }

// A new handle as {slot, handle}.
val issued_value(const TreeSession::Issued& issued) {
  val out = val::object();
  out.set("slot", issued.slot);
  out.set("handle", issued.handle);
  return out;
}
val issue(TreeSession& s) { return envelope(s.issue(), issued_value); }
val resolve(TreeSession& s, std::string handle) { return ok(val(s.handles().resolve(handle))); }
val release(TreeSession& s, int slot) { return ok(val(s.handles().release(slot))); }
val count(TreeSession& s) { return ok(val(static_cast<int>(s.handles().count()))); }
val remaining(TreeSession& s) { return ok(val(static_cast<int>(s.handles().remaining()))); }
val plan_tree(TreeSession& s, uintptr_t data, size_t size) { return envelope(s.plan_tree(bytes(data, size))); }
val plan_words(TreeSession& s) {
  const std::vector<int32_t>& w = s.plan_words();
  return ok(val(emscripten::typed_memory_view(w.size(), w.data())));
}

val creatable(std::string tag) { return envelope(check_tag(tag)); }
// The verdict {action, value}: action "set", "remove", "set-with-rel" (also rel=noopener
// noreferrer) or "set-id" (js-shim checks the id is unique in the document).
val verdict_value(const AttributeVerdict& v) {
  val out = val::object();
  out.set("action", std::string(v.remove ? "remove" : v.is_id ? "set-id" : v.force_rel ? "set-with-rel" : "set"));
  out.set("value", v.remove ? std::string() : v.value);
  return out;
}
val attribute(std::string tag, std::string name, std::string value) {
  return envelope(check_attribute(tag, name, value), verdict_value);
}
val removable(std::string name) { return envelope(check_removable_attribute(name)); }
val readable(std::string name) { return envelope(check_readable_attribute(name)); }
val plan_html(uintptr_t data, size_t size) { return envelope(plan_hypertext(bytes(data, size))); }
val plan_template_html(uintptr_t data, size_t size, std::string id) {
  return envelope(plan_template(bytes(data, size), id));
}
val export_raw(uintptr_t data, size_t size, int depth) {
  return envelope(export_tree(bytes(data, size), static_cast<size_t>(depth)));
}
val depth_limit(double depth) { return envelope(check_depth_limit(depth)); }
val frame_url(std::string url, std::string origin, std::string declared) {
  return envelope(check_frame_url(url, origin, declared));
}
val resource_path(std::string path) { return envelope(check_resource_path(path)); }
val message_of(std::string key, std::string argument) { return ok(val(message(key, argument))); }

// Read once per core: the limits, the whitelist in index order (build plans name tags by index)
// and each tag's kind (1 whitelisted, 2 whitelisted void, 3 dangerous; any other tag 0).
std::string constants() {
  static constexpr std::pair<const char*, size_t> kLimits[] = {
      {"handles", kHandleCapacity},        {"description", kTreeMaxDescriptionUnits},
      {"html", kHtmlMaxUnits},             {"text", kTextMaxUnits},
      {"readText", kReadTextMaxBytes},     {"replace", kReplaceMaxChildren},
      {"selector", kSelectorMaxUnits},     {"matches", kQueryMaxMatches},
      {"exportElements", kExportMaxElements}, {"exportText", kExportMaxTextBytes},
      {"attribute", kAttributeValueMaxUnits}, {"name", kAttributeNameMaxChars},
      {"id", kIdMaxUnits},                 {"url", kLinkMaxUnits},
      {"resource", kResourceMaxBytes},     {"frameUrl", kFrameUrlMaxUnits},
      {"handleDigits", kHandleMaxDigits},  {"tagInMessage", kMessageNameUnits}};
  std::string out = "{\"limits\":{";
  for (const auto& [name, value] : kLimits) {
    if (name != kLimits[0].first) out += ',';
    out += "\"" + std::string(name) + "\":" + std::to_string(value);
  }
  out += ",\"messageArgument\":" + std::to_string(message_argument_max_units());
  out += "},\"tags\":[";
  std::string kinds;
  bool first = true;
  common::for_each_token(whitelist_tag_list(), [&](std::string_view name) {
    std::string tag(name);
    out += (first ? "\"" : ",\"") + tag + "\"";
    kinds += (first ? "\"" : ",\"") + tag + "\":" + (is_void_tag(tag) ? "2" : "1");
    first = false;
  });
  common::for_each_token(dangerous_tag_list(),
      [&](std::string_view tag) { kinds += ",\"" + std::string(tag) + "\":3"; });
  return out + "],\"tagKinds\":{" + kinds + "}}";
}
val constants_value() { return ok(val(constants())); }
}  // namespace
}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(webtree) {
  using namespace dehydra::bindings;
  using dehydra::webtree::TreeSession;
  emscripten::class_<TreeSession>("WebTreeSession")
      .constructor<>()
      .function("issue", &issue)
      .function("resolve", &resolve)
      .function("release", &release)
      .function("count", &count)
      .function("remaining", &remaining)
      .function("planTree", &plan_tree)
      .function("planWords", &plan_words);
  emscripten::function("webtreeConstants", &constants_value);
  emscripten::function("webtreeCheckTag", &creatable);
  emscripten::function("webtreeAttribute", &attribute);
  emscripten::function("webtreeRemovable", &removable);
  emscripten::function("webtreeReadable", &readable);
  emscripten::function("webtreePlanHtml", &plan_html);
  emscripten::function("webtreePlanTemplate", &plan_template_html);
  emscripten::function("webtreeExport", &export_raw);
  emscripten::function("webtreeDepthLimit", &depth_limit);
  emscripten::function("webtreeFrameUrl", &frame_url);
  emscripten::function("webtreeResourcePath", &resource_path);
  emscripten::function("webtreeMessage", &message_of);
}
