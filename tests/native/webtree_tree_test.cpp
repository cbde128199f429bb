// 构建页面节点树 descriptions, 设置页面节点超文本 HTML, template cleaning and 读取页面节点树 export.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "webtree/hypertext.hpp"
#include "webtree/tags.hpp"
#include "dehydrate/base/js_string.hpp"
#include "webtree/tree_description.hpp"
#include "webtree/tree_export.hpp"
#include "webtree/tree_session.hpp"

using namespace dehydra::webtree;
using nlohmann::json;

namespace {
using dehydra::common::Outcome;

// Resolves a binary tree plan into the JSON record shape of the HTML plans, for comparisons:
// {"ids":[...],"n":[1,parent,tag,count,name,value,...,0,parent,text]}; a refusal as it came.
Outcome<std::string> plan_tree_description(std::string_view description) {
  std::vector<int32_t> words;
  Outcome<std::string> planned = dehydra::webtree::plan_tree_description(description, words);
  if (!planned.ok()) return planned;
  json side = json::parse(planned.value);
  std::vector<size_t> byte_at;  // UTF-16 offset -> byte offset
  for (size_t i = 0; i < description.size();) {
    size_t start = i;
    uint32_t c = dehydra::common::next_code_point(description, i);
    byte_at.push_back(start);
    if (c > 0xFFFF) byte_at.push_back(start);
  }
  byte_at.push_back(description.size());
  json tags = json::array();
  std::string list = whitelist_tag_list();
  for (size_t a = 0, b; a < list.size(); a = b + 1) {
    b = list.find(' ', a);
    if (b == std::string::npos) b = list.size();
    tags.push_back(list.substr(a, b - a));
  }
  auto text = [&](int32_t a, int32_t b) -> json {
    if (a < 0) return side["s"][static_cast<size_t>(-1 - a)];
    return std::string(description.substr(byte_at[static_cast<size_t>(a)], byte_at[static_cast<size_t>(b)] - byte_at[static_cast<size_t>(a)]));
  };
  json n = json::array();
  for (size_t i = 0; i < words.size();) {
    if (words[i] == 1) {
      n.push_back(1);
      n.push_back(words[i + 1]);
      n.push_back(tags[static_cast<size_t>(words[i + 2])]);
      int32_t count = words[i + 3];
      n.push_back(count);
      i += 4;
      for (int32_t a = 0; a < count; ++a, i += 4) {
        n.push_back(text(words[i], words[i + 1]));
        n.push_back(text(words[i + 2], words[i + 3]));
      }
    } else {
      n.push_back(0);
      n.push_back(words[i + 1]);
      n.push_back(text(words[i + 2], words[i + 3]));
      i += 4;
    }
  }
  return dehydra::common::success(json{{"ids", side["ids"]}, {"n", n}}.dump());
}

std::string chain(int depth) {
  std::string s;
  for (int i = 0; i < depth; ++i) s += i ? ",\"子\":[{\"标签\":\"div\"" : "{\"标签\":\"div\"";
  for (int i = 0; i < depth; ++i) s += i ? "}]" : "";
  return s + "}";
}

std::string list_items(int count) {
  std::string s = "{\"标签\":\"ul\",\"子\":[";
  for (int i = 0; i < count; ++i) s += i ? ",{\"标签\":\"li\",\"文字\":\"x\"}" : "{\"标签\":\"li\",\"文字\":\"x\"}";
  return s + "]}";
}

json plan(const Outcome<std::string>& answer) {
  REQUIRE_MESSAGE(answer.ok(), answer.error);
  return json::parse(answer.value);
}
}  // namespace

TEST_CASE("a full description becomes a plan in document order") {
  json p = plan(plan_tree_description(
      R"({"标签":"article","类":"event  event-command","属性":{"data-yy":"打开:7","id":"行7","tabindex":0,"hidden":true},)"
      R"("文字":"首段文字","子":[{"标签":"p","文字":"段落"},"裸文字",{"标签":"ul","子":[{"标签":"li","文字":"一"}]}]})"));
  CHECK(p["ids"] == json::array({"行7"}));
  json expected = json::array({1, -1, "article", 5, "class", "event event-command", "data-yy", "打开:7", "id", "行7",
                               "tabindex", "0", "hidden", "",
                               0, 0, "首段文字", 1, 0, "p", 0, 0, 2, "段落", 0, 0, "裸文字", 1, 0, "ul", 0, 1, 5, "li", 0, 0, 6, "一"});
  CHECK(p["n"] == expected);
}

TEST_CASE("description errors name the position") {
  CHECK(plan_tree_description(R"({"标签":"div","子":[{"标签":"script"}]})").error == "页面标签不受支持：script（根.子[0]）");
  CHECK(plan_tree_description(R"({"标签":"div","子":["a",{"标签":"p","子":[{"标签":"b"},{"标签":"img"}]}]})").error ==
        "页面标签不受支持：img（根.子[1].子[1]）");
  CHECK(plan_tree_description("\"文字\"").error == "页面节点树的根须为元素描述");
  CHECK(plan_tree_description("[1]").error == "页面节点描述须为对象或文字：根");
  CHECK(plan_tree_description("{").error == "页面节点树描述不是有效 JSON");
  CHECK(plan_tree_description(R"({"标签":"div","样式":"x"})").error == "页面节点描述含未知字段：样式（根）");
  CHECK(plan_tree_description(R"({"标签":"DIV"})").error == "页面标签不受支持：DIV（根）");
  CHECK(plan_tree_description(R"({"标签":"div","属性":[]})").error == "页面节点属性须为对象：根");
  CHECK(plan_tree_description(R"({"标签":"div","属性":{"data-x":null}})").error == "页面节点属性值须为文字、数字或布尔：data-x（根）");
  CHECK(plan_tree_description(R"({"标签":"div","属性":{"onclick":"x"}})").error == "页面属性不受支持：onclick（根）");
  CHECK(plan_tree_description(R"({"标签":"div","子":[{"标签":"a","属性":{"href":"javascript:x"}}]})").error == "页面链接不受支持（根.子[0]）");
  CHECK(plan_tree_description(R"({"标签":"div","文字":1})").error == "页面节点文字须为文字：根");
  CHECK(plan_tree_description(R"({"标签":"br","文字":"x"})").error == "空元素不能含文字：br（根）");
  CHECK(plan_tree_description(R"({"标签":"div","子":{}})").error == "页面节点子项须为数组：根");
  CHECK(plan_tree_description(R"({"标签":"hr","子":["x"]})").error == "空元素不能含子节点：hr（根）");
  CHECK(plan_tree_description(R"({"标签":"div","子":[1]})").error == "页面节点描述须为对象或文字：根.子[0]");
  CHECK(plan_tree_description(R"({"标签":"div","子":[{"标签":"p","属性":{"id":"a"}},{"标签":"p","属性":{"id":"a"}}]})").error ==
        "页面节点树内标识重复：a");
  CHECK(plan_tree_description(R"({"标签":"div","子":[{"标签":"p"},{"子":[]}]})").error == "页面节点描述缺少标签（根.子[1]）");
  CHECK(plan_tree_description(R"({"标签":5})").error == "页面标签须为文字（根）");
  CHECK(plan_tree_description(R"({"标签":"div","子":[{"标签":"p",}]})").error == "页面节点树描述不是有效 JSON");
  CHECK(plan_tree_description(R"({"标签":"div","子":[{"标签":"script"}],})").error == "页面节点树描述不是有效 JSON");
  CHECK(plan_tree_description(R"({"标签":"div"} x)").error == "页面节点树描述不是有效 JSON");
  CHECK(plan_tree_description(R"({"标签":"d\u0069v","文字":"a\nb\u4e2d\ud83d\ude00"})").value ==
        json{{"ids", json::array()}, {"n", json::array({1, -1, "div", 0, 0, 0, "a\nb中😀"})}}.dump());
  CHECK(plan_tree_description(R"({"标签":"p","文字":"\ud800"})").error == "页面节点树描述不是有效 JSON");
  CHECK(plan_tree_description(R"({"标签":"div","类":"a.b"})").error ==
        "页面类名含不允许的字符：仅允许字母、数字、下划线、短横线与空格（根）");
}

TEST_CASE("depth 32 passes, 33 fails") {
  CHECK(plan_tree_description(chain(32)).ok());
  CHECK(plan_tree_description(chain(33)).error.rfind("页面节点树深度超过 32：根", 0) == 0);
}

TEST_CASE("ul + 1999 li passes, ul + 2000 li fails") {
  CHECK(plan_tree_description(list_items(1999)).ok());
  CHECK(plan_tree_description(list_items(2000)).error == "页面节点树节点数超过 2000");
}

TEST_CASE("1 MiB of text passes, one byte more fails") {
  const size_t mib = 1024 * 1024;
  std::string ok = "{\"标签\":\"p\",\"文字\":\"" + std::string(mib, 'a') + "\"}";
  CHECK(plan_tree_description(ok).ok());
  std::string over = "{\"标签\":\"p\",\"文字\":\"" + std::string(mib - 1, 'a') + "\",\"子\":[\"bc\"]}";
  CHECK(plan_tree_description(over).error == "页面节点树文字总量超过 1 MiB");
  std::string cjk;  // 3 bytes each: UTF-8 bytes are what counts
  for (size_t i = 0; i < mib / 3 + 1; ++i) cjk += "字";
  CHECK(plan_tree_description("{\"标签\":\"p\",\"文字\":\"" + cjk + "\"}").error == "页面节点树文字总量超过 1 MiB");
}

TEST_CASE("attribute total and description size") {
  std::string big = "{\"标签\":\"div\",\"子\":[";
  for (int i = 0; i < 15; ++i) big += (i ? "," : "") + std::string("{\"标签\":\"p\",\"属性\":{\"data-c\":\"") + std::string(65536, 'c') + "\"}}";
  big += "]}";
  CHECK(plan_tree_description(big).ok());
  std::string over = "{\"标签\":\"div\",\"子\":[";
  for (int i = 0; i < 17; ++i) over += (i ? "," : "") + std::string("{\"标签\":\"p\",\"属性\":{\"data-c\":\"") + std::string(65000, 'c') + "\"}}";
  over += "]}";
  CHECK(plan_tree_description(over).error == "页面节点树属性总量超过 1 MiB");
  std::string huge = "{\"标签\":\"div\",\"属性\":{\"data-a\":\"" + std::string(2 * 1024 * 1024, 'a') + "\"}}";
  CHECK(plan_tree_description(huge).error == "页面节点树描述超过 2 MiB");
}

TEST_CASE("numbers and booleans become text") {
  json p = plan(plan_tree_description(R"({"标签":"td","属性":{"colspan":2,"data-f":1.5,"data-g":1.0,"data-b":false}})"));
  CHECK(p["n"] == json::array({1, -1, "td", 4, "colspan", "2", "data-f", "1.5", "data-g", "1", "data-b", "false"}));
}

TEST_CASE("deeply nested JSON is refused without recursion") {
  std::string deep(200000, '[');
  CHECK(plan_tree_description(deep).error == "页面节点树描述不是有效 JSON");
  std::string nested;
  for (int i = 0; i < 50000; ++i) nested += "{\"标签\":\"div\",\"子\":[";
  CHECK(plan_tree_description(nested).error == "页面节点树描述不是有效 JSON");
}

TEST_CASE("hypertext: whitelisted spans pass") {
  json p = plan(plan_hypertext("<span class=\"tok-k\">甲</span>乙"));
  CHECK(p["n"] == json::array({1, -1, "span", 1, "class", "tok-k", 0, 0, "甲", 0, -1, "乙"}));
  json q = plan(plan_hypertext("a &lt;b&gt; &amp;amp; &#x4e2d;&#20013; &nbsp;<!-- gone --><br>"));
  CHECK(q["n"][2] == "a <b> &amp; 中中 \xC2\xA0");
  CHECK(q["n"][5] == "br");
}

TEST_CASE("hypertext: refusals name the position, nothing is dropped silently") {
  CHECK(plan_hypertext("<script>alert(1)</script>").error == "页面超文本含不受支持的标签：script（根[0]）");
  CHECK(plan_hypertext("甲<span onclick=\"x()\">乙</span>").error == "页面属性不受支持：onclick（根[1]）");
  CHECK(plan_hypertext("<span style=\"color:red\">x</span>").error == "页面属性不受支持：style（根[0]）");
  CHECK(plan_hypertext("<p><b>x</b><img src=x onerror=alert(1)></p>").error == "页面超文本含不受支持的标签：img（根[0].子[1]）");
  CHECK(plan_hypertext("<a href=\"javascript:alert(1)\">x</a>").error == "页面链接不受支持（根[0]）");
  CHECK(plan_hypertext("<svg><script>x</script></svg>").error == "页面超文本含不受支持的标签：svg（根[0]）");
  CHECK(plan_hypertext("<SPAN CLASS=k>x</SPAN>").ok());
  std::string deep;
  for (int i = 0; i < 33; ++i) deep += "<span>";
  CHECK(plan_hypertext(deep).error.rfind("页面超文本深度超过 32：根[0]", 0) == 0);
  std::string many;
  for (int i = 0; i < 2501; ++i) many += "<b>x</b>";
  CHECK(plan_hypertext(many).error == "页面超文本节点数超过 5000");
  CHECK(plan_hypertext(std::string(2 * 1024 * 1024 + 1, 'a')).error == "页面超文本超过 2 MiB");
}

TEST_CASE("hypertext: HTML tree rules for the whitelisted tags") {
  json p = plan(plan_hypertext("<ul><li>a<li>b</ul><p>x<div>y</div>"));
  // ul > li, li ; p closed by div
  CHECK(p["n"] == json::array({1, -1, "ul", 0, 1, 0, "li", 0, 0, 1, "a", 1, 0, "li", 0, 0, 3, "b",
                               1, -1, "p", 0, 0, 5, "x", 1, -1, "div", 0, 0, 7, "y"}));
  json t = plan(plan_hypertext("<table><tr><td>1<td>2</table>"));
  CHECK(t["n"][2] == "table");
  CHECK(t["n"][6] == "tbody");
  json r = plan(plan_hypertext("<textarea><b>not a tag</b></textarea>"));
  CHECK(r["n"] == json::array({1, -1, "textarea", 0, 0, 0, "<b>not a tag</b>"}));
}

TEST_CASE("templates are cleaned to whitelisted elements and attributes") {
  std::string doc =
      "<!doctype html><html><head><script>alert(1)</script><style>p{}</style></head><body>"
      "<div id=\"card\" onclick=\"alert(1)\" class=\"c\"><script>alert(2)</script>"
      "<a href=\"javascript:alert(3)\" target=\"_blank\">x</a><a href=\"/ok\" target=\"_blank\">y</a>"
      "<img src=x onerror=alert(4)><main><p style=\"x\" data-k=\"v\">kept</p></main>"
      "<iframe srcdoc=\"<script>alert(5)</script>\"></iframe><svg><a href=\"javascript:x\">z</a></svg>"
      "<button formaction=\"javascript:x\">b</button></div>"
      "<template><div id=\"hidden\"></div></template></body></html>";
  json p = plan(plan_template(doc, "card"));
  std::string s = p["n"].dump();
  CHECK(s.find("script") == std::string::npos);
  CHECK(s.find("onclick") == std::string::npos);
  CHECK(s.find("javascript") == std::string::npos);
  CHECK(s.find("img") == std::string::npos);
  CHECK(s.find("iframe") == std::string::npos);
  CHECK(s.find("svg") == std::string::npos);
  CHECK(s.find("style") == std::string::npos);
  CHECK(s.find("formaction") == std::string::npos);
  CHECK(s.find("\"noopener noreferrer\"") != std::string::npos);
  CHECK(s.find("kept") != std::string::npos);
  CHECK(s.find("\"data-k\"") != std::string::npos);
  CHECK(plan_template(doc, "missing").error == "页面模板中没有标识：missing");
  CHECK(plan_template(doc, "hidden").error == "页面模板中没有标识：hidden");
}

TEST_CASE("export keeps whitelisted attributes, class in 类, drops dangerous subtrees") {
  std::string raw = R"(["p",["class","源 宽","data-a","b","hidden","","onclick","","style","","data-yy-x",""],"首",)"
                    R"(["code",["class","c0"],"ab",["b",["class","k"],"cd"]],"末",["script",[],"x"],["template",[]]])";
  CHECK(export_tree(raw, 32).value ==
        R"({"标签":"p","类":"源 宽","属性":{"data-a":"b","hidden":""},"子":["首",{"标签":"code","类":"c0","子":["ab",{"标签":"b","类":"k","子":["cd"]}]},"末"]})");
  CHECK(export_tree(R"(["code",[],"ab",["b",["class","k"],"cd"]])", 1).error == "页面节点树深度超过所给上限（1）");
  CHECK(export_tree(R"(["code",[],"ab",["b",["class","k"],"cd"]])", 2).ok());
  CHECK(check_depth_limit(0).error == "深度上限须为 1 至 32");
  CHECK(check_depth_limit(33).error == "深度上限须为 1 至 32");
  CHECK(check_depth_limit(1.5).error == "深度上限须为整数");
  CHECK(check_depth_limit(32).ok());
}

TEST_CASE("a refused plan carries the message and no plan") {
  std::vector<int32_t> words{7, 7, 7};
  Outcome<std::string> refused = dehydra::webtree::plan_tree_description(R"({"标签":"div","子":[{"标签":"img"}]})", words);
  CHECK_FALSE(refused.ok());
  CHECK(refused.error == "页面标签不受支持：img（根.子[0]）");
  CHECK(refused.value.empty());
  CHECK(words.empty());
  Outcome<std::string> html = plan_hypertext("<img src=x>");
  CHECK_FALSE(html.ok());
  CHECK(html.value.empty());
  // The session keeps the words of its last plan; a refused plan leaves none to read.
  TreeSession s;
  REQUIRE(s.plan_tree(R"({"标签":"p","文字":"x"})").ok());
  CHECK_FALSE(s.plan_words().empty());
  CHECK(s.plan_tree(R"({"标签":"p","子":[{"标签":"script"}]})").error == "页面标签不受支持：script（根.子[0]）");
  CHECK(s.plan_words().empty());
}
