#include "classify.hpp"
#include "../base/ascii_text.hpp"
#include "../base/noinline.hpp"
#include "../common/skipped_contents.hpp"

#include <algorithm>

#include "grid_cells.hpp"
#include "vocabulary.hpp"

namespace dehydra::index {
namespace {
using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;
using snapshot::Snapshot;


bool attr_is(const Snapshot& s, const Node& n, std::string_view name, std::string_view value) {
  const std::string_view* v = s.attribute(n, name);
  return v && *v == value;
}

bool contains(const std::vector<uint32_t>& sorted, uint32_t id) {
  return std::binary_search(sorted.begin(), sorted.end(), id);
}

// Page Agent marks likely React roots not interactive when it is constructed; we apply the same rule
// on every update.
bool is_react_root(const Snapshot& s, const Node& n) {
  if (s.has_attribute(n, "data-reactroot") || s.has_attribute(n, "data-reactid") ||
      s.has_attribute(n, "data-react-checksum"))
    return true;
  const std::string_view* id = s.attribute(n, "id");
  if (!id) return false;
  return *id == "root" || *id == "app" || *id == "adex-wrapper" || *id == "adex-root" ||
         id->substr(0, 5) == "root-" || id->substr(0, 4) == "app-";
}

bool skipped_self(const Snapshot& s, const Node& n) {
  if (n.has(snapshot::F_SVG) || is_rejected_tag(n.tag)) return true;
  // Page Agent's (and browser-use's) highlight layer is never content.
  if (attr_is(s, n, "id", "playwright-highlight-container")) return true;
  for (std::string_view name : kIgnoringAttributes)
    if (attr_is(s, n, name, "true")) return true;
  return false;
}

bool editable_attr(std::string_view v, bool& editable) {
  if (v.empty() || v == "true" || v == "plaintext-only") { editable = true; return true; }
  if (v == "false") { editable = false; return true; }
  return false;
}

bool matches_known_container(const Snapshot& s, const Node& n) {
  if (n.tag == "button" || n.tag == "a" || attr_is(s, n, "role", "button")) return true;
  const std::string_view* cls = s.attribute(n, "class");
  return cls && (has_class(*cls, "menu") || has_class(*cls, "dropdown") || has_class(*cls, "list") ||
                 has_class(*cls, "toolbar"));
}

bool in_viewport(const Snapshot& s, const snapshot::Geometry& g, double expansion) {
  double bottom = g.y + g.h, right = g.x + g.w;
  return !(bottom < -expansion || g.y > s.page.viewport_h + expansion || right < -expansion ||
           g.x > s.page.viewport_w + expansion);
}

struct Classifier {
  const Snapshot& s;
  const IndexOptions& o;
  NodeStates& st;
  std::vector<uint32_t> black, white, occluded;
  bool boxes_unknown = false;          // classify_without_boxes

  // Page Agent's isInteractiveElement, in its order. Called for visible, top elements only.
  DEHYDRA_STAGE bool interactive(uint32_t i, NodeState& me) {
    const Node& n = s.nodes[i];
    if (contains(black, n.stable_id) || s.has_attribute(n, "data-page-agent-not-interactive") ||
        is_react_root(s, n))
      return false;
    if (contains(white, n.stable_id)) return true;
    if (me.grid_part) return true;
    std::string_view cursor = me.cursor;
    if (n.tag != "html" && is_interactive_cursor(cursor)) {
      if (o.page_agent_compat || !me.cursor_inherited) return true;
      // Inherited cursor alone does not make an inner layer a target; items still count.
      const std::string_view* role = s.attribute(n, "role");
      if (is_distinct_tag(n.tag) || (role && is_item_role(*role))) return true;
    }
    if (is_interactive_tag(n.tag)) {
      if (is_refusing_cursor(cursor)) return false;
      if (s.has_attribute(n, "disabled") || s.has_attribute(n, "readonly") || s.has_attribute(n, "inert"))
        return false;
      if (n.has(snapshot::F_READONLY)) return false;
      // Page Agent reads element.disabled (own attribute); :disabled also covers a disabled fieldset.
      if (n.has(snapshot::F_DISABLED) && !o.page_agent_compat) return false;
      return true;
    }
    if (attr_is(s, n, "contenteditable", "true") || me.editable) return true;
    // Dragging is an action (dragElement): what a page made draggable is a target.
    if (!o.page_agent_compat && attr_is(s, n, "draggable", "true")) return true;
    const std::string_view* cls = s.attribute(n, "class");
    if ((cls && (has_class(*cls, "button") || has_class(*cls, "dropdown-toggle"))) ||
        [&] { const std::string_view* v = s.attribute(n, "data-index"); return v && !v->empty(); }() ||
        attr_is(s, n, "data-toggle", "dropdown") || attr_is(s, n, "aria-haspopup", "true"))
      return true;
    const std::string_view* role = s.attribute(n, "role");
    const std::string_view* aria_role = s.attribute(n, "aria-role");
    bool with_link = !o.page_agent_compat;
    if ((role && is_interactive_role(*role, with_link)) || (aria_role && is_interactive_role(*aria_role, with_link)))
      return true;
    if (n.has(snapshot::F_CLICK_HANDLER) || s.has_attribute(n, "onclick") || s.has_attribute(n, "onmousedown") ||
        s.has_attribute(n, "onmouseup") || s.has_attribute(n, "ondblclick"))
      return true;
    if (boxes_unknown ? (s.style(n) && may_scroll(*s.style(n), o.page_agent_compat))
                      : is_scrollable(s, n, o.page_agent_compat)) {
      me.scrollable = true;
      return true;
    }
    return false;
  }

  // `me` passes on the cursor of `parent` (a target, or itself inheriting or relaying one), so the
  // inherited-cursor rule looks through shadow roots and display:contents boxes.
  void relay_cursor(NodeState& me, const NodeState& ps, const Node& parent) const {
    if (ps.cursor_relay) {
      me.cursor_relay = true;
      me.relay_cursor = ps.relay_cursor;
      return;
    }
    const snapshot::Style* style = parent.is_element() ? s.style(parent) : nullptr;
    if (!style || !(ps.interactive || ps.cursor_inherited)) return;
    me.cursor_relay = true;
    me.relay_cursor = ps.cursor;
  }

  // The cursor the rules read. Chromium's and Firefox's default style gives a link `cursor:
  // pointer`, inherited by its contents; WebKit's gives `auto` and decides at hover time. Outside
  // compat mode an `auto` that comes from a link reads as that pointer, so a link's contents are
  // judged alike in every engine.
  void read_cursor(NodeState& me, const NodeState* ps, const Node& n, const snapshot::Style* style) const {
    me.cursor = style ? style->cursor : std::string_view();
    if (o.page_agent_compat || me.cursor != "auto") return;
    me.link_auto = ((n.tag == "a" || n.tag == "area") && s.has_attribute(n, "href")) || (ps && ps->link_auto);
    if (me.link_auto) me.cursor = "pointer";
  }

  // Inside a grid, treegrid or table: is element `i` a cell or header an agent acts on?
  void find_grid_part(uint32_t i, NodeState& me, const NodeState* ps) const {
    const Node& n = s.nodes[i];
    me.grid = ps ? ps->grid : kNone;
    if (is_grid_root(s, n)) me.grid = i;
    else if (me.grid != kNone) me.grid_part = is_grid_part(s, n, s.nodes[me.grid]);
  }

  // Outside compat mode: a node the browser lays out but does not paint (Page Agent sees its box).
  bool unpainted(uint32_t i) const {
    return !o.page_agent_compat && (common::in_closed_details(s, i) || common::in_skipped_contents(s, i));
  }

  DEHYDRA_STAGE void element(uint32_t i, const NodeState* parent_state, const Node* parent) {
    const Node& n = s.nodes[i];
    NodeState& me = st[i];
    if (skipped_self(s, n)) { me.skipped = true; return; }
    const snapshot::Style* style = s.style(n);
    const snapshot::Geometry* g = s.geometry_of(n);
    bool viewport_mode = o.viewport_expansion >= 0 && i != 0;
    if (viewport_mode && !n.has(snapshot::F_SHADOW_HOST)) {
      bool fixed = style && (style->position == "fixed" || style->position == "sticky");
      bool sized = g && (g->offset_w > 0 || g->offset_h > 0);
      // Unrendered elements have no rect: Page Agent sees a zero rect at the origin (in the viewport).
      if (!fixed && !sized && g && !in_viewport(s, *g, o.viewport_expansion)) { me.skipped = true; return; }
    }
    me.unrendered = (parent_state && parent_state->unrendered) || unpainted(i);
    me.inert = (parent_state && parent_state->inert) || (!o.page_agent_compat && s.has_attribute(n, "inert"));
    me.transparent = (parent_state && parent_state->transparent) || (style && style->opacity <= 0) || me.unrendered;
    me.text_shown = style && style->visibility != "hidden" && style->visibility != "collapse" && !me.transparent;
    if (style && style->display == "contents" && parent_state)
      me.text_shown = me.text_shown && parent_state->text_shown;
    bool editable = parent_state ? parent_state->editable : false;
    if (const std::string_view* ce = s.attribute(n, "contenteditable")) editable_attr(*ce, editable);
    me.editable = editable;
    read_cursor(me, parent_state, n, style);
    if (!o.page_agent_compat) find_grid_part(i, me, parent_state);
    me.known_container = matches_known_container(s, n) ||
                         (parent && parent->is_element() && parent_state && parent_state->known_container);
    // A display:contents box (a <slot>) has no box of its own: the cursor flows through it.
    if (style && style->display == "contents" && parent_state && parent) relay_cursor(me, *parent_state, *parent);
    if (i == 0) return;  // the root (body) is never visible, interactive or indexed
    me.visible = !me.unrendered && style && (boxes_unknown || (g && g->offset_w > 0 && g->offset_h > 0)) &&
        style->visibility != "hidden";
    if (!me.visible) return;
    if (style && parent && !boxes_unknown && parent_state && parent_state->cursor_relay) {
      me.cursor_inherited = parent_state->relay_cursor == me.cursor;
    } else if (style && parent && parent->is_element() && !boxes_unknown) {
      const snapshot::Style* ps = s.style(*parent);
      // Inherited from an ancestor that is itself a target (through layers of the same cursor):
      // clicking that ancestor covers this layer.
      me.cursor_inherited = ps && parent_state && parent_state->cursor == me.cursor &&
                            (parent_state->interactive || parent_state->cursor_inherited);
    }
    if (o.viewport_expansion < 0 || boxes_unknown) {
      me.top = true;
    } else {
      me.top = g && in_viewport(s, *g, o.viewport_expansion) && !contains(occluded, n.stable_id);
    }
    const std::string_view* role = s.attribute(n, "role");
    bool menu_container = role && (*role == "menu" || *role == "menubar" || *role == "listbox");
    if (me.top || menu_container) me.interactive = interactive(i, me);
  }

  void run() {
    black = o.blacklist; white = o.whitelist; occluded = o.occluded;
    std::sort(black.begin(), black.end());
    std::sort(white.begin(), white.end());
    std::sort(occluded.begin(), occluded.end());
    const size_t count = s.nodes.size();
    for (uint32_t i = 0; i < count; ++i) {
      const Node& n = s.nodes[i];
      const Node* parent = n.parent == kNone ? nullptr : &s.nodes[n.parent];
      const NodeState* ps = parent ? &st[n.parent] : nullptr;
      NodeState& me = st[i];
      if (ps && ps->skipped) { me.skipped = true; continue; }
      if (n.kind == NodeKind::Element) {
        element(i, ps, parent);
      } else if (n.kind == NodeKind::Text) {
        if (ps) {
          me.inert = ps->inert;
          me.unrendered = ps->unrendered || unpainted(i);
          me.transparent = ps->transparent || me.unrendered;
          me.text_shown = ps->text_shown && !me.unrendered;
        }
      } else if (ps) {  // shadow root: inherits the host; frame document: a fresh document
        bool frame = n.kind == NodeKind::FrameDocument;
        me.inert = ps->inert;
        me.unrendered = ps->unrendered || (!frame && unpainted(i));
        me.transparent = ps->transparent || me.unrendered;
        me.text_shown = (ps->text_shown || frame) && !me.unrendered;
        me.editable = frame ? false : ps->editable;
        me.known_container = false;  // closest() does not cross shadow or frame boundaries
        me.grid = frame ? kNone : ps->grid;
        me.link_auto = !frame && ps->link_auto;
        if (!frame && parent) relay_cursor(me, *ps, *parent);  // a shadow tree takes its host's cursor
      }
    }
  }
};
}  // namespace

bool has_class(std::string_view cls, std::string_view token) {
  size_t i = 0;
  while (i < cls.size()) {
    while (i < cls.size() && common::is_ascii_space(cls[i])) ++i;
    size_t start = i;
    while (i < cls.size() && !common::is_ascii_space(cls[i])) ++i;
    if (i > start && cls.substr(start, i - start) == token) return true;
  }
  return false;
}

namespace {
bool scrollbar_signal(const snapshot::Style& style, bool compat) {
  bool styled = (!style.scrollbar_width.empty() && style.scrollbar_width != "auto") ||
                (!style.scrollbar_gutter.empty() && style.scrollbar_gutter != "auto");
  if (!styled || compat) return styled;
  auto clips = [](std::string_view o) { return o == "auto" || o == "scroll" || o == "hidden"; };
  return clips(style.overflow_x) || clips(style.overflow_y);
}
}  // namespace

bool may_scroll(const snapshot::Style& style, bool compat) {
  if (style.display == "inline" || style.display == "inline-block") return false;
  bool sx = style.overflow_x == "auto" || style.overflow_x == "scroll";
  bool sy = style.overflow_y == "auto" || style.overflow_y == "scroll";
  return sx || sy || scrollbar_signal(style, compat);
}

bool is_scrollable(const Snapshot& s, const Node& n, bool compat) {
  const snapshot::Style* style = s.style(n);
  const snapshot::Geometry* g = s.geometry_of(n);
  if (!style || !g || !may_scroll(*style, compat)) return false;
  bool signal = scrollbar_signal(*style, compat);
  bool sx = style->overflow_x == "auto" || style->overflow_x == "scroll";
  bool sy = style->overflow_y == "auto" || style->overflow_y == "scroll";
  float dw = g->scroll_w - g->client_w, dh = g->scroll_h - g->client_h;
  const float threshold = 4;
  if (dw < threshold && dh < threshold) return false;
  if (!sy && !signal && dw < threshold) return false;
  if (!sx && !signal && dh < threshold) return false;
  return true;
}

DEHYDRA_STAGE void classify(const Snapshot& s, const IndexOptions& options, NodeStates& states) {
  states.assign(s.nodes.size(), NodeState{});
  Classifier c{s, options, states, {}, {}, {}, false};
  c.run();
}

DEHYDRA_STAGE void classify_without_boxes(const Snapshot& s, const IndexOptions& options, NodeStates& states) {
  states.assign(s.nodes.size(), NodeState{});
  Classifier c{s, options, states, {}, {}, {}, true};
  c.run();
}

}  // namespace dehydra::index
