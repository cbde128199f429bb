#include "options.hpp"
#include "../common/noinline.hpp"

#include <nlohmann/json.hpp>

namespace dehydra::index {
namespace {
using nlohmann::json;

bool read_ids(const json& j, const char* key, std::vector<uint32_t>& out, std::string& error) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return true;
  if (!it->is_array()) { error = std::string(key) + " must be an array"; return false; }
  for (const auto& v : *it) {
    if (!v.is_number_unsigned()) { error = std::string(key) + " must hold element ids"; return false; }
    out.push_back(v.get<uint32_t>());
  }
  return true;
}

bool read_bool(const json& j, const char* key, bool& out, std::string& error) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return true;
  if (!it->is_boolean()) { error = std::string(key) + " must be true or false"; return false; }
  out = it->get<bool>();
  return true;
}

bool read_cap(const json& j, const char* key, uint32_t& out, std::string& error) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return true;
  if (!it->is_number() || it->get<double>() < 0 || it->get<double>() > 1e9) {
    error = std::string(key) + " must be a number >= 0";
    return false;
  }
  out = static_cast<uint32_t>(it->get<double>());
  return true;
}
bool read_pointer_layers(const json& j, IndexOptions& out, std::string& error) {
  auto it = j.find("pointerLayers");
  if (it == j.end() || it->is_null()) return true;
  const char* bad = "pointerLayers must be {points: [[id, ...], ...], facts: [[id, position, zIndex, x, y, w, h], ...]}";
  if (!it->is_object()) { error = bad; return false; }
  auto points = it->find("points");
  auto facts = it->find("facts");
  if (points == it->end() || !points->is_array() || facts == it->end() || !facts->is_array()) { error = bad; return false; }
  for (const auto& p : *points) {
    if (!p.is_array()) { error = bad; return false; }
    std::vector<uint32_t> ids;
    for (const auto& v : p) {
      if (!v.is_number_unsigned()) { error = bad; return false; }
      ids.push_back(v.get<uint32_t>());
    }
    out.pointer_points.push_back(std::move(ids));
  }
  for (const auto& f : *facts) {
    if (!f.is_array() || f.size() != 7 || !f[0].is_number_unsigned() || !f[1].is_string() || !f[2].is_string()) {
      error = bad;
      return false;
    }
    IndexOptions::PointerFact fact;
    fact.id = f[0].get<uint32_t>();
    fact.position = f[1].get<std::string>();
    fact.z_index = f[2].get<std::string>();
    float* box[4] = {&fact.x, &fact.y, &fact.w, &fact.h};
    for (int k = 0; k < 4; ++k) {
      if (!f[k + 3].is_number()) { error = bad; return false; }
      *box[k] = f[k + 3].get<float>();
    }
    out.pointer_facts.push_back(std::move(fact));
  }
  return true;
}
}  // namespace

DEHYDRA_STAGE bool parse_options(std::string_view text, IndexOptions& out, std::string& error) {
  json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) { error = "options must be a JSON object"; return false; }
  if (auto it = j.find("viewportExpansion"); it != j.end() && !it->is_null()) {
    if (!it->is_number()) { error = "viewportExpansion must be a number"; return false; }
    out.viewport_expansion = it->get<double>();
  }
  if (auto it = j.find("includeAttributes"); it != j.end() && !it->is_null()) {
    if (!it->is_array()) { error = "includeAttributes must be an array of strings"; return false; }
    for (const auto& v : *it) {
      if (!v.is_string()) { error = "includeAttributes must be an array of strings"; return false; }
      out.include_attributes.push_back(v.get<std::string>());
    }
  }
  return read_bool(j, "keepSemanticTags", out.keep_semantic_tags, error) &&
         read_bool(j, "pageAgentCompat", out.page_agent_compat, error) &&
         read_bool(j, "stableIndices", out.stable_indices, error) && read_bool(j, "diff", out.diff, error) &&
         read_cap(j, "maxTokens", out.max_tokens, error) && read_cap(j, "session", out.session, error) &&
         read_bool(j, "boxes", out.boxes, error) &&
         read_cap(j, "maxElementText", out.max_element_text, error) &&
         read_cap(j, "maxBareText", out.max_bare_text, error) &&
         read_ids(j, "blacklist", out.blacklist, error) && read_ids(j, "whitelist", out.whitelist, error) &&
         read_ids(j, "occluded", out.occluded, error) && read_ids(j, "onTop", out.on_top, error) &&
         read_pointer_layers(j, out, error);
}

}  // namespace dehydra::index
