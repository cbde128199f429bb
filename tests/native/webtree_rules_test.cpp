// The attribute, class, id and link rules of 网页文树, and the handle table.
#include <doctest/doctest.h>

#include <string>

#include "webtree/attribute_rules.hpp"
#include "webtree/class_rule.hpp"
#include "webtree/handle_table.hpp"
#include "webtree/link_rule.hpp"
#include "webtree/tags.hpp"
#include "webtree/tree_session.hpp"

using namespace dehydra::webtree;

namespace {
std::string err(std::string_view tag, std::string_view name, std::string_view value) {
  return check_attribute(tag, name, value).error;
}
}  // namespace

TEST_CASE("tag whitelist is lowercase only, with void and dangerous lists") {
  CHECK(is_whitelisted_tag("span"));
  CHECK(is_whitelisted_tag("dd"));
  CHECK(is_whitelisted_tag("hr"));
  CHECK_FALSE(is_whitelisted_tag("SPAN"));
  CHECK_FALSE(is_whitelisted_tag("script"));
  CHECK_FALSE(is_whitelisted_tag("img"));
  CHECK_FALSE(is_whitelisted_tag("template"));
  CHECK(is_void_tag("br"));
  CHECK(is_void_tag("input"));
  CHECK(is_void_tag("hr"));
  CHECK_FALSE(is_void_tag("span"));
  CHECK(is_dangerous_tag("iframe"));
  CHECK(is_dangerous_tag("applet"));
  CHECK_FALSE(is_dangerous_tag("div"));
}

TEST_CASE("attribute names: well formed, reserved, free data-/aria-") {
  CHECK(err("div", "onclick", "x") == "页面属性不受支持：onclick");
  CHECK(err("div", "style", "x") == "页面属性不受支持：style");
  CHECK(err("div", "src", "x") == "页面属性不受支持：src");
  CHECK(err("div", "srcdoc", "x") == "页面属性不受支持：srcdoc");
  CHECK(err("div", "name", "x") == "页面属性不受支持：name");
  CHECK(err("form", "action", "x") == "页面属性不受支持：action");
  CHECK(err("a", "rel", "x") == "页面属性不受支持：rel");
  CHECK(err("div", "Class", "x") == "页面属性不受支持：Class");
  CHECK(err("div", "1a", "x") == "页面属性不受支持：1a");
  CHECK(err("div", std::string(65, 'a'), "x").rfind("页面属性不受支持：", 0) == 0);
  CHECK(err("div", "data-yy-x", "1") == "页面属性名为宿主保留：data-yy-x");
  CHECK(err("div", "data-yy", "打开:7") == "");
  CHECK(err("div", "data-x", "<script>") == "");
  CHECK(err("div", "aria-label", "any") == "");
  CHECK(err("div", "data-", "x") == "页面属性不受支持：data-");
  CHECK(err("div", "aria-", "x") == "页面属性不受支持：aria-");
  CHECK(err("div", "data-x", std::string(65536, 'a')) == "");
  CHECK(err("div", "data-x", std::string(65537, 'a')) == "页面属性值无效或过长：data-x");
  CHECK(err("div", "data-x", "a\x01") == "页面属性值含控制字符：data-x");
  CHECK(err("div", "data-x", "a\tb\nc\r") == "");
  CHECK(err("iframe", "src", "/x") == "页面属性不受支持：iframe 的 src");
  CHECK(err("iframe", "title", "t") == "");
}

TEST_CASE("boolean attributes accept '', true and false") {
  dehydra::common::Outcome<AttributeVerdict> on = check_attribute("details", "open", "true");
  REQUIRE(on.ok());
  CHECK_FALSE(on.value.remove);
  CHECK(on.value.value == "");
  CHECK(check_attribute("input", "checked", "false").value.remove);
  CHECK(err("input", "disabled", "") == "");
  CHECK(err("input", "disabled", "disabled") == "页面属性值不受支持：disabled");
}

TEST_CASE("class rule normalises and limits") {
  CHECK(check_class("  a   b-c  d_e ").value == "a b-c d_e");
  CHECK(check_class("引用 源 宽").value == "引用 源 宽");
  CHECK(check_class("a.b").error == "页面类名含不允许的字符：仅允许字母、数字、下划线、短横线与空格");
  CHECK(check_class("a\tb").error == "页面类名含不允许的字符：仅允许字母、数字、下划线、短横线与空格");
  CHECK(check_class("a，b").error == "页面类名含不允许的字符：仅允许字母、数字、下划线、短横线与空格");
  std::string many;
  for (int i = 0; i < 33; ++i) many += "c" + std::to_string(i) + " ";
  CHECK(check_class(many).error == "页面类名过多（至多 32 个）");
  CHECK(check_class(std::string(65, 'x')).error == "单个页面类名过长（至多 64 个字符）");
  CHECK(check_class(std::string(64, 'x')).ok());
  CHECK(check_class(std::string(513, 'x')).error == "页面类名过长");
  CHECK(check_attribute("div", "class", "   ").value.remove);
}

TEST_CASE("id rule") {
  CHECK(check_attribute("div", "id", "行7").value.is_id);
  CHECK(check_attribute("div", "id", "").value.remove);
  CHECK(err("div", "id", "a b") == "页面标识无效");
  CHECK(err("div", "id", "a\"b") == "页面标识无效");
  CHECK(err("div", "id", "a<b") == "页面标识无效");
  CHECK(err("div", "id", "a\xC2\xA0" "b") == "页面标识无效");  // NBSP is \s
  CHECK(err("div", "id", std::string(128, 'i')) == "");
  CHECK(err("div", "id", std::string(129, 'i')) == "页面标识无效");
  CHECK(err("label", "for", "x") == "");
  CHECK(err("div", "for", "x") == "页面属性不受支持：仅 label 可设 for");
}

TEST_CASE("per-tag attributes") {
  CHECK(err("div", "role", "button") == "");
  CHECK(err("div", "role", "Button") == "页面属性值不受支持：role");
  CHECK(err("button", "type", "submit") == "");
  CHECK(err("button", "type", "text") == "页面属性值不受支持：type=text");
  CHECK(err("input", "type", "checkbox") == "");
  CHECK(err("input", "type", "file") == "页面属性值不受支持：type=file");
  CHECK(err("input", "type", "image") == "页面属性值不受支持：type=image");
  CHECK(err("div", "type", "button") == "页面属性不受支持：仅 button 与 input 可设 type");
  CHECK(err("div", "title", std::string(4096, 't')) == "");
  CHECK(err("div", "title", std::string(4097, 't')) == "页面属性值过长：title");
  CHECK(err("input", "placeholder", "p") == "");
  CHECK(err("div", "placeholder", "p").rfind("页面属性不受支持：", 0) == 0);
  CHECK(err("div", "tabindex", "0") == "");
  CHECK(err("div", "tabindex", "-1") == "");
  CHECK(err("div", "tabindex", "1") == "页面属性值不受支持：tabindex 仅允许 -1 与 0");
  CHECK(err("time", "datetime", "2024-01-02T03:04:05Z") == "");
  CHECK(err("time", "datetime", "tomorrow") == "页面属性值不受支持：datetime");
  CHECK(err("span", "datetime", "2024").rfind("页面属性不受支持：", 0) == 0);
  CHECK(err("textarea", "rows", "3") == "");
  CHECK(err("textarea", "rows", "1234567") == "页面属性值不受支持：rows");
  CHECK(err("input", "maxlength", "10") == "");
  CHECK(err("td", "colspan", "2") == "");
  CHECK(err("div", "colspan", "2").rfind("页面属性不受支持：", 0) == 0);
  CHECK(err("option", "value", "v") == "");
  CHECK(err("div", "value", "v").rfind("页面属性不受支持：", 0) == 0);
  CHECK(err("div", "href", "/x") == "页面属性不受支持：仅 a 可设 href");
  CHECK(err("span", "target", "_blank") == "页面属性不受支持：仅 a 可设 target");
  CHECK(err("a", "target", "_top") == "页面属性值不受支持：target 仅允许 _blank 与 _self");
  CHECK(check_attribute("a", "target", "_blank").value.force_rel);
  CHECK_FALSE(check_attribute("a", "target", "_self").value.force_rel);
}

TEST_CASE("link rule") {
  CHECK(check_link("/x").ok());
  CHECK(check_link("#top").ok());
  CHECK(check_link("https://example.com/a?b#c").ok());
  CHECK(check_link("HTTP://example.com").ok());
  for (const char* refused : {"//evil.example/", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "https://",
                               "https://user@evil.example", " /x", "/x y", "/x\\y", "relative", ""}) {
    CAPTURE(refused);
    CHECK(check_link(refused).error == "页面链接不受支持");
  }
  CHECK(check_link("/" + std::string(8191, 'a')).ok());
  CHECK(check_link("/" + std::string(8192, 'a')).error == "页面链接不受支持");
  CHECK(err("a", "href", "javascript:x") == "页面链接不受支持");
}

TEST_CASE("frame addresses") {
  const char* page = "http://127.0.0.1:8000";
  CHECK(check_frame_url("", page, "").ok());
  CHECK(check_frame_url("/inner.html", page, "").ok());
  CHECK(check_frame_url("//evil.example/", page, "").error == "框架地址不得跨站");
  CHECK(check_frame_url("https://evil.example/", page, "https://good.example").error ==
        "框架地址来源未获页面声明：https://evil.example");
  CHECK(check_frame_url("https://good.example/x", page, "https://other.example https://good.example").ok());
  CHECK(check_frame_url("https://good.example:443/x", page, "https://good.example").ok());
  CHECK(check_frame_url("https://good.example:8443/x", page, "https://good.example").error.rfind("框架地址来源未获页面声明", 0) == 0);
  CHECK(check_frame_url("https://good.example@evil.example/", page, "https://good.example").error == "框架地址无效");
  CHECK(check_frame_url("http://good.example/", page, "http://good.example").error == "框架地址无效");
  CHECK(check_frame_url(" https://good.example/", page, "https://good.example").error == "框架地址无效");
  CHECK(check_frame_url("javascript:alert(1)", page, "").error == "框架地址无效");
  CHECK(check_frame_url("/" + std::string(2048, 'a'), page, "").error == "框架地址无效");
  CHECK(check_frame_url("https://self.example/x", "https://self.example", "").ok());
}

TEST_CASE("resource paths") {
  CHECK(check_resource_path("/t.html").ok());
  CHECK(check_resource_path("//evil/t.html").error == "页面资源路径无效");
  CHECK(check_resource_path("t.html").error == "页面资源路径无效");
  CHECK(check_resource_path("/a\\b").error == "页面资源路径无效");
  CHECK(check_resource_path("https://x/").error == "页面资源路径无效");
}

TEST_CASE("handles: canonical decimal, never reused, capacity") {
  HandleTable t(3);
  int a = t.allocate(), b = t.allocate(), c = t.allocate();
  CHECK(t.handle_of(a) == "1");
  CHECK(t.handle_of(c) == "3");
  CHECK(t.allocate() == -1);
  CHECK(t.resolve("2") == b);
  CHECK(t.resolve("02") == -1);
  CHECK(t.resolve(" 2") == -1);
  CHECK(t.resolve("2 ") == -1);
  CHECK(t.resolve("0x2") == -1);
  CHECK(t.resolve("+2") == -1);
  CHECK(t.resolve("2.0") == -1);
  CHECK(t.resolve("") == -1);
  CHECK(t.resolve("0") == -1);
  CHECK(t.resolve("99999999999999999999") == -1);
  CHECK(t.release(b));
  CHECK_FALSE(t.release(b));
  CHECK(t.resolve("2") == -1);
  CHECK(t.count() == 2);
  int d = t.allocate();
  CHECK(d == b);  // the slot is reused...
  CHECK(t.handle_of(d) == "4");  // ...the handle number never is
  CHECK(t.resolve("2") == -1);
  CHECK(t.resolve("4") == d);
}

TEST_CASE("checks answer an Outcome: passed, or refused with the message") {
  CHECK(check_tag("span").ok());
  CHECK(check_tag("span").value);
  CHECK(check_tag("script").error == "页面标签不受支持：script");
  CHECK_FALSE(check_tag("script").value);
  CHECK(check_removable_attribute("title").ok());
  CHECK(check_removable_attribute("data-yy-k").error == "页面属性名为宿主保留：data-yy-k");
  CHECK(check_readable_attribute("href").ok());
  CHECK(check_readable_attribute("onclick").error == "页面属性不受支持：onclick");
  CHECK(check_readable_attribute("style").error == "页面属性不受支持：style");
  // A refused verdict has no verdict to apply.
  dehydra::common::Outcome<AttributeVerdict> refused = check_attribute("div", "onclick", "x");
  CHECK_FALSE(refused.ok());
  CHECK(refused.error == "页面属性不受支持：onclick");
  CHECK_FALSE(refused.value.remove);
  CHECK(refused.value.value.empty());
}

TEST_CASE("a session issues handles until the table is full, then refuses with the message") {
  TreeSession s;
  dehydra::common::Outcome<TreeSession::Issued> first = s.issue();
  REQUIRE(first.ok());
  CHECK(first.value.handle == "1");
  CHECK(s.handles().resolve("1") == first.value.slot);
  while (s.handles().remaining() > 0) REQUIRE(s.issue().ok());
  dehydra::common::Outcome<TreeSession::Issued> full = s.issue();
  CHECK_FALSE(full.ok());
  CHECK(full.error.rfind("页面节点句柄达到上限（4096）", 0) == 0);
  CHECK(full.value.handle.empty());
}
