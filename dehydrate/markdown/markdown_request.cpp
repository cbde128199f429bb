#include "markdown_request.hpp"

#include <nlohmann/json.hpp>

#include "../base/json_text.hpp"
#include "article.hpp"
#include "converter.hpp"

namespace dehydra::markdown {

using common::failure;

common::Outcome<std::string> markdown_request(const snapshot::Snapshot& s, std::string_view options_json) {
  nlohmann::json opts = nlohmann::json::parse(options_json.begin(), options_json.end(), nullptr, false);
  if (opts.is_discarded() || !opts.is_object()) return failure("options must be a JSON object");
  std::string mode = "page";
  if (opts.contains("mode")) {
    if (!opts["mode"].is_string()) return failure("mode must be 'page' or 'article'");
    mode = opts["mode"].get<std::string>();
    if (mode != "page" && mode != "article") return failure("mode must be 'page' or 'article', not '" + mode + "'");
  }
  ConvertOptions co;
  if (opts.contains("baseUrl")) {
    if (!opts["baseUrl"].is_string()) return failure("baseUrl must be a string");
    co.base_url = opts["baseUrl"].get<std::string>();
  }
  if (opts.contains("root") && !opts["root"].is_null()) {
    if (!opts["root"].is_number_unsigned()) return failure("root must be an element of the page");
    uint64_t id = opts["root"].get<uint64_t>();
    for (uint32_t i = 0; i < s.nodes.size(); ++i)
      if (s.nodes[i].is_element() && s.nodes[i].stable_id == id) { co.root = i; break; }
    if (co.root == snapshot::kNone) return failure("root is not in the snapshot");
  }
  // The answer is written directly: it carries the whole page's text, which a nlohmann document
  // would copy once more and escape with a slower serializer.
  using common::append_json_string;
  std::string out;
  if (mode == "page") {
    std::string md = convert(s, co);
    out.reserve(md.size() + md.size() / 8 + 16);
    out += "{\"markdown\":";
    append_json_string(out, md);
    out += "}";
    return common::success(std::move(out));
  }
  Article a = extract_article(s);
  std::string md;
  co.excluded = &a.excluded;
  co.reader = true;
  for (uint32_t r : a.roots) {
    co.root = r;
    std::string part = convert(s, co);
    if (part.empty()) continue;
    if (!md.empty()) md += "\n\n";
    md += part;
  }
  out.reserve(md.size() + md.size() / 8 + 256);
  out += "{\"roots\":[";  // element ordinals, for debugging and tests
  for (size_t k = 0; k < a.roots.size(); ++k) {
    if (k) out += ",";
    out += std::to_string(s[a.roots[k]].element_ordinal);
  }
  out += "]";
  if (opts.contains("debug")) {
    nlohmann::json c = nlohmann::json::array();
    for (auto& [node, score] : a.candidates) c.push_back({s[node].element_ordinal, score});
    out += ",\"candidates\":" + c.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  out += ",\"title\":";
  append_json_string(out, a.title);
  out += ",\"byline\":";
  append_json_string(out, a.byline);
  out += ",\"markdown\":";
  append_json_string(out, md);
  out += "}";
  return common::success(std::move(out));
}

}  // namespace dehydra::markdown
