#include "document_session.hpp"

#include "../forms/form_fill.hpp"
#include "../forms/form_schema.hpp"
#include "../index/boxes_wanted.hpp"
#include "../index/occlusion_probe.hpp"
#include "../markdown/markdown_request.hpp"
#include "../snapshot/dump.hpp"

namespace dehydra::session {

namespace {
const char kNoSnapshot[] = "no snapshot loaded";
}  // namespace

Outcome<bool> DocumentSession::load_snapshot(const uint32_t* words, size_t word_count, const char* strings,
                                             size_t string_bytes) {
  Outcome<bool> decoded = snapshot::decode(words, word_count, strings, string_bytes, snapshot_);
  loaded_ = decoded.ok();
  if (!loaded_) snapshot_ = snapshot::Snapshot{};
  indices_.clear();
  return decoded;
}

Outcome<bool> DocumentSession::load_geometry(const uint32_t* records, size_t record_count) {
  if (!loaded_) return failure(kNoSnapshot);
  return snapshot::load_geometry(snapshot_, records, record_count);
}

Outcome<std::string> DocumentSession::dump() const {
  if (!loaded_) return failure(kNoSnapshot);
  return success(snapshot::dump_json(snapshot_));
}

Outcome<std::string_view> DocumentSession::hold(std::string text) {
  held_ = std::move(text);
  return success<std::string_view>(held_);
}

Outcome<Words> DocumentSession::hold(std::vector<uint32_t> words) {
  held_words_ = std::move(words);
  return success(Words{held_words_.data(), held_words_.size()});
}

Outcome<std::string> DocumentSession::set_options(const uint32_t* words, size_t word_count, const char* strings,
                                                  size_t string_bytes) {
  Outcome<bool> decoded = index::decode_options(words, word_count, strings, string_bytes, options_);
  if (!decoded.ok()) return failure(decoded.error);
  return success(std::string(index::lean_walk_serves(options_) ? "lean" : "full"));
}

Outcome<Words> DocumentSession::boxes_wanted() {
  if (!loaded_) return failure(kNoSnapshot);
  return hold(index::boxes_wanted(snapshot_, options_));
}

Outcome<Words> DocumentSession::occlusion_probe(const uint32_t* words, size_t word_count, const char* strings,
                                                size_t string_bytes) {
  if (!loaded_) return failure(kNoSnapshot);
  Outcome<bool> decoded = index::decode_pointer_layers(words, word_count, strings, string_bytes, options_);
  if (!decoded.ok()) return failure(decoded.error);
  return hold(index::occlusion_candidates(snapshot_, options_));
}

Outcome<std::string_view> DocumentSession::dehydrate(const uint32_t* hits, size_t word_count) {
  if (!loaded_) return failure(kNoSnapshot);
  Outcome<bool> decoded = index::decode_hits(hits, word_count, options_);
  if (!decoded.ok()) return failure(decoded.error);
  index::DehydrateResult result;
  index::dehydrate(snapshot_, options_, memory_, result);
  indices_ = result.index_by_ordinal;
  return hold(index::result_json(snapshot_, result));
}

Outcome<bool> DocumentSession::set_indices(const int32_t* indices, size_t count) {
  if (!loaded_) return failure(kNoSnapshot);
  if (count > snapshot_.element_nodes.size()) {
    return failure("indices for " + std::to_string(count) + " elements, but the snapshot has " +
                   std::to_string(snapshot_.element_nodes.size()));
  }
  indices_.assign(indices, indices + count);
  return success(true);
}

Outcome<std::string_view> DocumentSession::aria_tree(bool with_refs, bool include_frames) {
  if (!loaded_) return failure(kNoSnapshot);
  aria::AriaTreeOptions options;
  if (with_refs && !indices_.empty()) options.indices = &indices_;
  options.include_frames = include_frames;
  return hold(aria::render_aria_tree(snapshot_, options, &aria_stats_));
}

Outcome<std::string> DocumentSession::aria_tree_stats() const {
  return success("{\"nodes\":" + std::to_string(aria_stats_.nodes) + ",\"refs\":" +
      std::to_string(aria_stats_.refs) + "}");
}

Outcome<std::string> DocumentSession::form_tools() const {
  if (!loaded_) return failure(kNoSnapshot);
  return success(forms::form_tools_json(snapshot_));
}

Outcome<std::string> DocumentSession::plan_fill(const std::string& tool, const std::string& input_json,
                                                bool require_all) const {
  if (!loaded_) return failure(kNoSnapshot);
  return forms::plan_fill(snapshot_, tool, input_json, require_all);
}

Outcome<std::string_view> DocumentSession::markdown(const std::string& options_json) {
  if (!loaded_) return failure(kNoSnapshot);
  Outcome<std::string> answer = markdown::markdown_request(snapshot_, options_json);
  if (!answer.ok()) return failure(answer.error);
  return hold(std::move(answer.value));
}

}  // namespace dehydra::session
