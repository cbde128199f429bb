// 网页文树: thin embind wrappers over webtree/. Every answer is a string or number; failures are
// strings starting with '!' that js-shim turns into Errors.
#include <emscripten/bind.h>

#include <memory>
#include <string>
#include <vector>

#include "../webtree/attribute_rules.hpp"
#include "../webtree/build_plan.hpp"
#include "../webtree/handle_table.hpp"
#include "../webtree/hypertext.hpp"
#include "../webtree/limits.hpp"
#include "../webtree/link_rule.hpp"
#include "../webtree/messages.hpp"
#include "../webtree/tags.hpp"
#include "../webtree/tree_description.hpp"
#include "../webtree/tree_export.hpp"

namespace dehydra::bindings {
namespace {
using namespace dehydra::webtree;

std::vector<std::unique_ptr<HandleTable>> g_tables;

HandleTable* table(int instance) {
  if (instance < 0 || static_cast<size_t>(instance) >= g_tables.size()) return nullptr;
  return g_tables[static_cast<size_t>(instance)].get();
}

int create() {
  g_tables.push_back(std::make_unique<HandleTable>());
  return static_cast<int>(g_tables.size() - 1);
}
int allocate(int instance) { HandleTable* t = table(instance); return t ? t->allocate() : -1; }
std::string handle_of(int instance, int slot) { HandleTable* t = table(instance); return t ? t->handle_of(slot) : ""; }
int resolve(int instance, std::string handle) { HandleTable* t = table(instance); return t ? t->resolve(handle) : -1; }
bool release(int instance, int slot) { HandleTable* t = table(instance); return t && t->release(slot); }
int count(int instance) { HandleTable* t = table(instance); return t ? static_cast<int>(t->count()) : 0; }
int remaining(int instance) { HandleTable* t = table(instance); return t ? static_cast<int>(t->remaining()) : 0; }

std::string check_tag(std::string tag) {
  return is_whitelisted_tag(tag) ? "" : message("tag-unsupported", tag);
}
int tag_kind(std::string tag) {  // 0 other, 1 whitelisted, 2 whitelisted void, 3 dangerous
  if (is_dangerous_tag(tag)) return 3;
  if (!is_whitelisted_tag(tag)) return 0;
  return is_void_tag(tag) ? 2 : 1;
}

// Verdict encoding: '!'+message, or one letter then the value: S set, R remove, B set and add
// rel=noopener noreferrer, I set an id (js-shim checks it is unique in the document).
std::string attribute(std::string tag, std::string name, std::string value) {
  AttributeVerdict v = check_attribute(tag, name, value);
  if (!v.error.empty()) return failure(v.error);
  if (v.remove) return "R";
  return (v.is_id ? "I" : v.force_rel ? "B" : "S") + v.value;
}
std::string removable(std::string name) { return check_removable_attribute(name); }
std::string readable(std::string name) { return check_readable_attribute(name); }
// Large inputs arrive as UTF-8 bytes js-shim wrote into wasm memory (embind's own string
// conversion is two orders of magnitude slower than TextEncoder.encodeInto).
std::string_view bytes(uintptr_t data, size_t size) { return {reinterpret_cast<const char*>(data), size}; }
std::vector<int32_t> g_plan_words;
std::string plan_tree(uintptr_t data, size_t size) { return plan_tree_description(bytes(data, size), g_plan_words); }
uintptr_t plan_words() { return reinterpret_cast<uintptr_t>(g_plan_words.data()); }
int plan_word_count() { return static_cast<int>(g_plan_words.size()); }
// The whitelist as a JSON array, in index order.
std::string tag_list() {
  std::string out = "[\"";
  for (const char* c = whitelist_tag_list(); *c; ++c) out += *c == ' ' ? std::string("\",\"") : std::string(1, *c);
  return out + "\"]";
}
std::string plan_html(uintptr_t data, size_t size) { return plan_hypertext(bytes(data, size)); }
std::string plan_template_html(uintptr_t data, size_t size, std::string id) { return plan_template(bytes(data, size), id); }
std::string export_raw(uintptr_t data, size_t size, int depth) { return export_tree(bytes(data, size), static_cast<size_t>(depth)); }
std::string depth_limit(double depth) { return check_depth_limit(depth); }
std::string frame_url(std::string url, std::string origin, std::string declared) {
  return check_frame_url(url, origin, declared);
}
std::string resource_path(std::string path) { return check_resource_path(path); }
std::string message_of(std::string key, std::string argument) { return message(key, argument); }
std::string dangerous_tags() { return dangerous_tag_list(); }

std::string limits() {
  return "{\"handles\":" + std::to_string(kHandleCapacity) +
         ",\"description\":" + std::to_string(kTreeMaxDescriptionUnits) +
         ",\"html\":" + std::to_string(kHtmlMaxUnits) +
         ",\"text\":" + std::to_string(kTextMaxUnits) +
         ",\"readText\":" + std::to_string(kReadTextMaxBytes) +
         ",\"replace\":" + std::to_string(kReplaceMaxChildren) +
         ",\"selector\":" + std::to_string(kSelectorMaxUnits) +
         ",\"matches\":" + std::to_string(kQueryMaxMatches) +
         ",\"exportElements\":" + std::to_string(kExportMaxElements) +
         ",\"exportText\":" + std::to_string(kExportMaxTextBytes) +
         ",\"attribute\":" + std::to_string(kAttributeValueMaxUnits) +
         ",\"name\":" + std::to_string(kAttributeNameMaxChars) +
         ",\"id\":" + std::to_string(kIdMaxUnits) +
         ",\"url\":" + std::to_string(kLinkMaxUnits) +
         ",\"resource\":" + std::to_string(kResourceMaxBytes) + "}";
}
}  // namespace
}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(webtree) {
  using namespace dehydra::bindings;
  emscripten::function("webtreeCreate", &create);
  emscripten::function("webtreeAllocate", &allocate);
  emscripten::function("webtreeHandle", &handle_of);
  emscripten::function("webtreeResolve", &resolve);
  emscripten::function("webtreeRelease", &release);
  emscripten::function("webtreeCount", &count);
  emscripten::function("webtreeRemaining", &remaining);
  emscripten::function("webtreeCheckTag", &check_tag);
  emscripten::function("webtreeTagKind", &tag_kind);
  emscripten::function("webtreeAttribute", &attribute);
  emscripten::function("webtreeRemovable", &removable);
  emscripten::function("webtreeReadable", &readable);
  emscripten::function("webtreePlanTree", &plan_tree);
  emscripten::function("webtreePlanWords", &plan_words);
  emscripten::function("webtreePlanWordCount", &plan_word_count);
  emscripten::function("webtreeTagList", &tag_list);
  emscripten::function("webtreePlanHtml", &plan_html);
  emscripten::function("webtreePlanTemplate", &plan_template_html);
  emscripten::function("webtreeExport", &export_raw);
  emscripten::function("webtreeDepthLimit", &depth_limit);
  emscripten::function("webtreeFrameUrl", &frame_url);
  emscripten::function("webtreeResourcePath", &resource_path);
  emscripten::function("webtreeMessage", &message_of);
  emscripten::function("webtreeDangerousTags", &dangerous_tags);
  emscripten::function("webtreeLimits", &limits);
}
