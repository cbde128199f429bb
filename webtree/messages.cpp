#include "messages.hpp"

#include "limit_text.hpp"
#include "limits.hpp"
#include "../dehydrate/base/js_string.hpp"

namespace dehydra::webtree {
namespace {
struct Message {
  const char* key;
  std::string text;
  size_t argument_units;  // the argument is shortened to this; 0: the message takes no argument
};

// Built once: the texts that name a limit print it from limits.hpp.
const Message kMessages[] = {
    {"handle-invalid", "页面节点句柄无效：", kMessageHandleUnits},
    {"not-node", "句柄不是页面节点：", kMessageHandleUnits},
    {"parent-not-element", "父节点须为元素：", kMessageHandleUnits},
    {"not-element", "页面节点不是元素：", kMessageHandleUnits},
    {"table-full", "页面节点句柄达到上限（" + std::to_string(kHandleCapacity) + "），请及时释放不再使用的节点", 0},
    {"table-short", "页面节点句柄表剩余不足（" + std::to_string(kHandleCapacity) + "），请及时释放不再使用的节点", 0},
    {"id-empty", "网页元素标识为空", 0},
    {"id-missing", "网页元素不存在：", kIdMaxUnits},
    {"tag-forbidden", "网页元素类型不允许操作：", kMessageNameUnits},
    {"tag-unsupported", "页面标签不受支持：", kMessageNameUnits},
    {"id-exists", "页面标识已存在：", kIdMaxUnits},
    {"hierarchy", "页面节点层级无效：不能把节点放入自身或其后代", 0},
    {"not-child", "参照节点不是父节点的子节点", 0},
    {"text-too-long", "页面文字超过" + han_mib_text(kTextMaxUnits), 0},
    {"node-text-too-long", "页面节点文字超过" + han_mib_text(kTextMaxUnits), 0},
    {"void-text", "空元素不能含文字：", kMessageNameUnits},
    {"void-children", "空元素不能含子节点：", kMessageNameUnits},
    {"list-json", "子节点句柄列表不是有效 JSON", 0},
    {"list-shape", "子节点句柄列表须为不超过 " + std::to_string(kReplaceMaxChildren) + " 项的文字数组", 0},
    {"list-duplicate", "子节点句柄列表含重复项", 0},
    {"selector-length", "选择器须为 1 至 " + std::to_string(kSelectorMaxUnits) + " 个字符的文字", 0},
    {"selector-invalid", "选择器无效：", kSelectorMaxUnits},
    {"too-many-matches", "选择器匹配了超过 " + std::to_string(kQueryMaxMatches) + " 个元素，请收窄选择器", 0},
    {"no-parent", "被替换的页面节点没有父节点", 0},
    {"not-iframe", "网页元素不是 iframe：", kIdMaxUnits},
    {"no-sandbox", "iframe 未声明 sandbox，拒绝设置地址", 0},
    {"resource-cross", "页面资源不得跨站", 0},
    {"resource-unavailable", "页面资源不可用", 0},
    {"resource-too-large", "页面资源超过" + han_mib_text(kResourceMaxBytes), 0},
    {"resource-encoding", "页面资源不是有效的 UTF-8 文字", 0},
    {"class-type", "页面类名须为文字", 0},
    {"argument", "页面参数须为文字：", kMessageNameUnits},
    {"description-type", "页面节点树描述须为文字", 0},
    {"html-type", "页面超文本须为文字", 0},
    {"failed", "页面操作失败：", 256},
};
}  // namespace

size_t message_argument_max_units() {
  size_t most = 0;
  for (const Message& m : kMessages) most = m.argument_units > most ? m.argument_units : most;
  return most;
}

std::string message(std::string_view key, std::string_view argument) {
  for (const Message& m : kMessages) {
    if (key == m.key) {
      std::string out = m.text;
      if (m.argument_units) out += std::string(common::utf16_prefix(argument, m.argument_units));
      return out;
    }
  }
  return "页面操作失败：" + std::string(key);
}

}  // namespace dehydra::webtree
