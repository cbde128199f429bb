// Everything the core keeps about one document between the shim's calls: the snapshot it sent
// last, the agent indices the last dehydrate gave its elements, what each PageController has seen,
// the options of the current state, and the buffers the answers are read from. One per document
// (or frame, or core instance); sessions share nothing. Bound once per core part (bindings/document_session_class.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../aria/aria_tree.hpp"
#include "../index/browser_state.hpp"
#include "../index/options.hpp"
#include "../base/outcome.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::session {

using common::failure;
using common::Outcome;
using common::success;

// A view of words the session holds; valid until its next call.
struct Words {
  const uint32_t* data = nullptr;
  size_t size = 0;
};

class DocumentSession {
 public:
  // Decodes a walk's buffer (snapshot/format.hpp). On failure the previous snapshot is gone
  // too: nothing may answer from a page that no longer matches it.
  Outcome<bool> load_snapshot(const uint32_t* words, size_t word_count, const char* strings, size_t string_bytes);
  // Boxes measured after a lean walk (arena.hpp load_geometry); changes nothing on failure.
  Outcome<bool> load_geometry(const uint32_t* records, size_t record_count);
  bool loaded() const { return loaded_; }
  const snapshot::Snapshot* snapshot() const { return loaded_ ? &snapshot_ : nullptr; }

  // The snapshot as JSON (snapshot/dump.hpp).
  Outcome<std::string> dump() const;

  // The options of the next dehydrate state: the options record (snapshot/format.hpp), written once
  // per state before its walk. Answers the walk they take: "lean" (index/boxes_wanted.hpp) or
  // "full". On failure the previous options stay.
  Outcome<std::string> set_options(const uint32_t* words, size_t word_count, const char* strings, size_t string_bytes);
  // After a lean walk: the ordinals whose boxes the shim should measure (index/boxes_wanted.hpp).
  Outcome<Words> boxes_wanted();
  // The elements to hit-test (index/occlusion_probe.hpp), given what lies under a few viewport
  // points (the pointer layers record; none until this call, for every state). The layers stay for
  // the dehydrate that follows.
  Outcome<Words> occlusion_probe(const uint32_t* words, size_t word_count, const char* strings, size_t string_bytes);
  // dehydrate's answer JSON (index/browser_state.hpp result_json) for the options set, with what
  // the hit test found (the hits record); records the indices it gave. The text lives in the
  // session until its next call.
  Outcome<std::string_view> dehydrate(const uint32_t* hits, size_t word_count);
  // Every line is new again for every controller.
  void forget_seen() { memory_.seen_interactive.clear(); }
  // A PageController was disposed: drop its numbers and previous lines.
  void end_controller(uint32_t controller) { memory_.controllers.erase(controller); }
  // Element ordinal -> agent index, -1 none; empty until a dehydrate ran on this snapshot.
  const std::vector<int32_t>& indices() const { return indices_; }

  // Agent indices from a dehydrate of the same elements in another session (the controller part's,
  // js-shim/read/accessibility_tree.js): element ordinal -> index, -1 none. Cleared by the next
  // load_snapshot.
  Outcome<bool> set_indices(const int32_t* indices, size_t count);

  // The accessibility tree as YAML (aria/aria_tree.hpp), with the dehydrate's refs when asked.
  Outcome<std::string_view> aria_tree(bool with_refs, bool include_frames);
  // {"nodes":N,"refs":M} of the last aria_tree.
  Outcome<std::string> aria_tree_stats() const;

  // WebMCP form tools (forms/form_schema.hpp) and one fill plan (forms/form_fill.hpp).
  Outcome<std::string> form_tools() const;
  Outcome<std::string> plan_fill(const std::string& tool, const std::string& input_json, bool require_all) const;

  // The Markdown answer JSON (markdown/markdown_request.hpp); held like dehydrate's.
  Outcome<std::string_view> markdown(const std::string& options_json);

 private:
  Outcome<std::string_view> hold(std::string text);
  Outcome<Words> hold(std::vector<uint32_t> words);

  snapshot::Snapshot snapshot_;
  bool loaded_ = false;
  std::vector<int32_t> indices_;
  index::DehydrateMemory memory_;
  // The options of the current state, with the pointer layers and hits given since.
  index::IndexOptions options_;
  std::vector<uint32_t> held_words_;
  aria::AriaTreeStats aria_stats_;
  std::string held_;
};

}  // namespace dehydra::session
