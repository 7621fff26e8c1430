import { defineMessages } from "../define.ts";

// Install help (issue 6): /install, /install/eSIM-install, /install/install-guide, their /ucenter twins and
// /app_installation_qrcode. Menu names follow each maker's own wording in that language (iOS zh_CN 蜂窝网络,
// zh_HK 流動網絡; One UI 连接 / 連接; Pixel 网络和互联网 / 網絡和互聯網).
export default defineMessages({
  en_US: {
    "install.title": "Install your eSIM",
    "install.intro":
      "Set up your travel eSIM in a few minutes. Check that your phone supports eSIM before you buy, then follow the steps for your phone.",
    "install.pickDevice": "Pick your device",
    "install.device.ios": "iPhone",
    "install.device.samsung": "Samsung Galaxy",
    "install.device.pixel": "Google Pixel",
    "install.device.android": "Other Android",
    "install.device.iosHint": "iPhone XS, XR and later. iOS 17.4 or later installs with one tap.",
    "install.device.samsungHint": "Galaxy S20 and later, Z Fold, Z Flip and some A series.",
    "install.device.pixelHint": "Pixel 3 and later, including Pixel Fold.",
    "install.device.androidHint": "Menu names differ by maker, but the steps are the same.",
    "install.platform.ios": "iPhone",
    "install.platform.android": "Android",
    "install.stepsLink": "Installation steps",
    "install.guideLink": "Activation guide",
    "install.appLink": "Prefer the app? Get it here",

    "install.compat.title": "Is my phone compatible?",
    "install.compat.intro":
      "Your phone needs eSIM support and must be carrier-unlocked. Search for your model, or do the EID check below.",
    "install.compat.searchLabel": "Search for your phone model",
    "install.compat.searchPlaceholder": "e.g. iPhone 15, Pixel 9, Galaxy S24",
    "install.compat.prompt": "Type your model's name to see whether it supports eSIM.",
    "install.compat.count": "Models found: {count}",
    "install.compat.none":
      "No model matches “{query}”. Try the name without the storage size, or do the EID check below.",
    "install.compat.supported": "Supports eSIM",
    "install.compat.unsupported": "No eSIM",
    "install.compat.resultsLabel": "Matching models",
    "install.caveat.chinaIphone":
      "Not the models sold in mainland China, nor the Hong Kong and Macau models with two physical SIM slots.",
    "install.caveat.galaxyUsKorea": "US and South Korean versions of this model may not support eSIM.",
    "install.caveat.pixel3Region":
      "Models bought in Japan or Australia, and some US carrier models, have no eSIM.",
    "install.variant.chinaMainland": "iPhone (sold in mainland China)",
    "install.variant.hongKongMacau": "iPhone (Hong Kong or Macau model with two SIM slots)",
    "install.eid.title": "Check for an EID",
    "install.eid.text":
      "Open your phone's dialler and dial {code}. If an EID (a 32-digit number) appears, your phone supports eSIM. If only the IMEI appears, it does not.",
    "install.eid.where":
      "You can also look in Settings › General › About (iPhone) or Settings › About phone › Status (Android).",
    "install.lock.title": "Is your phone carrier-locked?",
    "install.lock.text":
      "A phone locked to one carrier can't use another carrier's eSIM, even if it supports eSIM. Phones bought on contract or in instalments are often locked: ask your carrier to unlock yours before you travel.",
    "install.lock.check":
      "On iPhone, Settings › General › About › Carrier Lock should say “No SIM restrictions”.",
    "install.china.title": "iPhones from mainland China have no eSIM",
    "install.china.text":
      "iPhones sold in mainland China, and the Hong Kong and Macau models with two physical SIM slots, have no eSIM at all, whatever the iOS version. A model number ending in CH/A (Settings › General › About) is a mainland-China model.",

    "install.step.finish": "Completed",
    "install.step.process": "In progress",
    "install.step.wait": "Waiting",
    "install.steps.title": "How to install your eSIM",
    "install.steps.intro":
      "Install the eSIM before you leave, while you are on Wi-Fi. Most plans start counting days only when the eSIM first connects to a network at your destination.",
    "install.steps.platformLabel": "Your phone",
    "install.steps.progressLabel": "Installation progress",
    "install.steps.buy.title": "Buy a plan",
    "install.steps.buy.text":
      "Choose your destination and a plan, and pay. Check first that your phone supports eSIM.",
    "install.steps.receive.title": "Get your eSIM",
    "install.steps.receive.text":
      "We email you the QR code and the codes for manual entry within minutes. They are also in My eSIMs whenever you need them.",
    "install.steps.install.title": "Install the eSIM",
    "install.steps.install.text": "Connect to Wi-Fi first, then choose one of these ways:",
    "install.steps.oneTap.title": "One-tap install (iOS 17.4 or later)",
    "install.steps.oneTap.ios":
      "On your iPhone, open My eSIMs, open the eSIM and tap Install. iOS opens its setup screen: tap Continue and follow it.",
    "install.steps.oneTap.android":
      "On Android, open My eSIMs on the phone and tap Install: on phones that support it, Android opens its eSIM setup directly. Otherwise use the QR code or manual entry.",
    "install.steps.qr.title": "Scan the QR code",
    "install.steps.qr.ios":
      "Show the QR code on another screen or print it. On the iPhone go to Settings › Mobile Service › Add eSIM › Use QR Code and scan it.",
    "install.steps.qr.android":
      "Show the QR code on another screen or print it. Go to Settings › Connections › SIM manager › Add eSIM (Samsung) or Settings › Network & internet › SIMs › Add SIM (Pixel), and scan it.",
    "install.steps.manual.title": "Enter the details manually",
    "install.steps.manual.ios":
      "In Add eSIM › Use QR Code, tap Enter Details Manually and type the SM-DP+ address and the activation code shown in My eSIMs.",
    "install.steps.manual.android":
      "On the scanning screen, tap Enter code instead (or Enter activation code) and type the activation code shown in My eSIMs.",
    "install.steps.install.label":
      "Give the line a name such as “Travel” so you can tell it from your home line.",
    "install.steps.install.keep":
      "Don't delete the eSIM once it is installed: most eSIMs can be installed only once.",
    "install.steps.arrive.title": "Turn on data roaming when you land",
    "install.steps.arrive.text":
      "At your destination, turn on the travel eSIM, choose it for mobile data and turn on data roaming for it. Your home line can stay on for calls and SMS.",

    "install.guide.title": "Activation guide",
    "install.guide.intro":
      "Once the eSIM is installed, these settings get you online at your destination. Menu names vary a little between phones and software versions.",
    "install.guide.tabsLabel": "Phone type",
    "install.guide.turnOn": "Turn on the eSIM line",
    "install.guide.roaming": "Turn on data roaming",
    "install.guide.dataLine": "Use the eSIM for mobile data",
    "install.guide.apn": "Set the APN (only if there is no data)",
    "install.guide.homeLine": "Keep your home line for calls and SMS",
    "install.guide.tip":
      "Still no data? Turn Airplane Mode on and off again or restart the phone, and check that the travel eSIM is the line for mobile data.",
    "install.guide.ios.turnOn.1": "Go to Settings › Mobile Service (Cellular on US iPhones).",
    "install.guide.ios.turnOn.2": "Tap the travel eSIM and turn on Turn On This Line.",
    "install.guide.ios.roaming.1": "In Settings › Mobile Service, tap the travel eSIM.",
    "install.guide.ios.roaming.2":
      "Turn on Data Roaming. Leave it off on your home line so your carrier can't charge for roaming.",
    "install.guide.ios.dataLine.1":
      "In Settings › Mobile Service, tap Mobile Data and choose the travel eSIM.",
    "install.guide.ios.dataLine.2":
      "Turn off Allow Mobile Data Switching so the phone never falls back to your home line's data.",
    "install.guide.ios.apn.1": "In Settings › Mobile Service, tap the travel eSIM, then Mobile Data Network.",
    "install.guide.ios.apn.2":
      "Under Mobile Data, type the APN shown with your eSIM in My eSIMs. Leave the username and password empty.",
    "install.guide.ios.homeLine.1":
      "In Settings › Mobile Service › Default Voice Line, choose your home line.",
    "install.guide.ios.homeLine.2":
      "Keep the home line turned on to receive calls and SMS codes (your carrier may charge for them abroad). iMessage and FaceTime keep working over the eSIM's data.",
    "install.guide.samsung.turnOn.1": "Go to Settings › Connections › SIM manager.",
    "install.guide.samsung.turnOn.2": "Under eSIMs, turn on the travel eSIM.",
    "install.guide.samsung.roaming.1": "Go to Settings › Connections › Mobile networks.",
    "install.guide.samsung.roaming.2": "Turn on Data roaming.",
    "install.guide.samsung.dataLine.1":
      "In Settings › Connections › SIM manager, tap Mobile data and choose the travel eSIM.",
    "install.guide.samsung.dataLine.2": "Turn off Auto data switching.",
    "install.guide.samsung.apn.1":
      "Go to Settings › Connections › Mobile networks › Access Point Names and pick the travel eSIM's tab.",
    "install.guide.samsung.apn.2":
      "Tap Add, enter a name and the APN shown in My eSIMs, save it from the ⋮ menu and select it.",
    "install.guide.samsung.homeLine.1": "In SIM manager, set Calls and Text messages to your home SIM.",
    "install.guide.samsung.homeLine.2": "Keep the home SIM turned on to receive calls and SMS codes.",
    "install.guide.pixel.turnOn.1": "Go to Settings › Network & internet › SIMs.",
    "install.guide.pixel.turnOn.2": "Tap the travel eSIM and turn on Use SIM.",
    "install.guide.pixel.roaming.1": "On the travel eSIM's page, turn on Roaming.",
    "install.guide.pixel.roaming.2":
      "Android warns that roaming may cost extra: your plan's price already covers it.",
    "install.guide.pixel.dataLine.1": "On the travel eSIM's page, turn on Mobile data.",
    "install.guide.pixel.dataLine.2":
      "When asked whether to use this SIM for mobile data, tap Yes. Then turn off Switch mobile data automatically.",
    "install.guide.pixel.apn.1": "On the travel eSIM's page, tap Access Point Names near the bottom.",
    "install.guide.pixel.apn.2":
      "Tap +, enter a name and the APN shown in My eSIMs, save it from the ⋮ menu and select it.",
    "install.guide.pixel.homeLine.1":
      "In Settings › Network & internet › SIMs, set Calls preference and SMS preference to your home SIM.",
    "install.guide.pixel.homeLine.2": "Keep the home SIM turned on to receive calls and SMS codes.",
    "install.guide.android.turnOn.1":
      "Open Settings and search for “SIM” (it is often under Connections, Mobile network or SIM cards & mobile networks).",
    "install.guide.android.turnOn.2": "Turn on the travel eSIM.",
    "install.guide.android.roaming.1": "Open the travel eSIM's settings.",
    "install.guide.android.roaming.2": "Turn on Data roaming (some phones call it International roaming).",
    "install.guide.android.dataLine.1": "Set the default SIM for mobile data to the travel eSIM.",
    "install.guide.android.dataLine.2": "Turn off any automatic switching of mobile data between SIMs.",
    "install.guide.android.apn.1": "In the travel eSIM's settings, open Access Point Names (APN).",
    "install.guide.android.apn.2": "Add an APN with the name shown in My eSIMs, save it and select it.",
    "install.guide.android.homeLine.1": "Set the default SIM for calls and messages to your home SIM.",
    "install.guide.android.homeLine.2": "Keep the home SIM turned on to receive calls and SMS codes.",

    "install.app.title": "Get the Roamly app",
    "install.app.text":
      "Scan the code with your phone's camera to download the app: install your eSIMs with one tap, check your data and top up on the go.",
    "install.app.qrLabel": "QR code that opens the app download page",
    "install.app.linkIntro": "Or open this link on your phone:",
  },
  zh_CN: {
    "install.title": "安装 eSIM",
    "install.intro": "几分钟即可装好旅行 eSIM。购买前请先确认手机支持 eSIM，然后按您手机的步骤操作。",
    "install.pickDevice": "选择您的设备",
    "install.device.ios": "iPhone",
    "install.device.samsung": "三星 Galaxy",
    "install.device.pixel": "Google Pixel",
    "install.device.android": "其他安卓手机",
    "install.device.iosHint": "iPhone XS、XR 及之后机型。iOS 17.4 及以上可一键安装。",
    "install.device.samsungHint": "Galaxy S20 及之后机型、Z Fold、Z Flip 及部分 A 系列。",
    "install.device.pixelHint": "Pixel 3 及之后机型，包括 Pixel Fold。",
    "install.device.androidHint": "各品牌菜单名称不同，但步骤大致相同。",
    "install.platform.ios": "iPhone",
    "install.platform.android": "安卓",
    "install.stepsLink": "安装步骤",
    "install.guideLink": "激活指南",
    "install.appLink": "更喜欢用 App？点此下载",

    "install.compat.title": "我的手机支持吗？",
    "install.compat.intro": "手机需支持 eSIM 且未锁定运营商。搜索您的机型，或按下方方法查看 EID。",
    "install.compat.searchLabel": "搜索手机型号",
    "install.compat.searchPlaceholder": "例如 iPhone 15、Pixel 9、Galaxy S24",
    "install.compat.prompt": "输入机型名称，查看是否支持 eSIM。",
    "install.compat.count": "找到 {count} 个机型",
    "install.compat.none": "没有与“{query}”匹配的机型。请去掉容量等字样再试，或按下方方法查看 EID。",
    "install.compat.supported": "支持 eSIM",
    "install.compat.unsupported": "不支持 eSIM",
    "install.compat.resultsLabel": "匹配的机型",
    "install.caveat.chinaIphone": "中国大陆销售的机型，以及香港、澳门的双实体 SIM 卡机型除外。",
    "install.caveat.galaxyUsKorea": "该机型的美国版和韩国版可能不支持 eSIM。",
    "install.caveat.pixel3Region": "在日本、澳大利亚购买的机型及部分美国运营商定制机不支持 eSIM。",
    "install.variant.chinaMainland": "iPhone（中国大陆销售）",
    "install.variant.hongKongMacau": "iPhone（香港、澳门双卡槽机型）",
    "install.eid.title": "查看 EID",
    "install.eid.text":
      "打开手机拨号界面，拨打 {code}。如果显示 EID（32 位数字），说明手机支持 eSIM；如果只显示 IMEI，则不支持。",
    "install.eid.where":
      "也可在“设置 › 通用 › 关于本机”（iPhone）或“设置 › 关于手机 › 状态信息”（安卓）中查看。",
    "install.lock.title": "手机是否锁定了运营商？",
    "install.lock.text":
      "锁定某一运营商的手机即使支持 eSIM，也无法使用其他运营商的 eSIM。合约机或分期购买的手机常被锁定，请在出行前联系运营商解锁。",
    "install.lock.check": "iPhone 可在“设置 › 通用 › 关于本机 › 运营商锁”中查看，应显示“无 SIM 卡限制”。",
    "install.china.title": "中国大陆的 iPhone 不支持 eSIM",
    "install.china.text":
      "在中国大陆销售的 iPhone，以及香港、澳门的双实体 SIM 卡机型，无论 iOS 版本如何都没有 eSIM。型号（设置 › 通用 › 关于本机）以 CH/A 结尾的即为国行机型。",

    "install.step.finish": "已完成",
    "install.step.process": "进行中",
    "install.step.wait": "等待中",
    "install.steps.title": "如何安装 eSIM",
    "install.steps.intro":
      "请在出发前连接 Wi-Fi 时安装 eSIM。大多数套餐在 eSIM 首次连接目的地网络时才开始计算天数。",
    "install.steps.platformLabel": "您的手机",
    "install.steps.progressLabel": "安装进度",
    "install.steps.buy.title": "购买套餐",
    "install.steps.buy.text": "选择目的地和套餐并付款。请先确认手机支持 eSIM。",
    "install.steps.receive.title": "获取 eSIM",
    "install.steps.receive.text":
      "几分钟内我们会通过邮件发送二维码和手动输入所需的信息，您也可以随时在“我的 eSIM”中查看。",
    "install.steps.install.title": "安装 eSIM",
    "install.steps.install.text": "请先连接 Wi-Fi，然后任选一种方式：",
    "install.steps.oneTap.title": "一键安装（iOS 17.4 及以上）",
    "install.steps.oneTap.ios":
      "在 iPhone 上打开“我的 eSIM”，进入该 eSIM 并点按“安装”。iOS 会打开设置界面，点按“继续”并按提示操作。",
    "install.steps.oneTap.android":
      "在安卓手机上打开“我的 eSIM”并点按“安装”：支持的机型会直接打开 eSIM 设置；否则请扫描二维码或手动输入。",
    "install.steps.qr.title": "扫描二维码",
    "install.steps.qr.ios":
      "在另一块屏幕上显示二维码或将其打印出来。在 iPhone 上前往“设置 › 蜂窝网络 › 添加 eSIM › 使用二维码”并扫描。",
    "install.steps.qr.android":
      "在另一块屏幕上显示二维码或将其打印出来。前往“设置 › 连接 › SIM 卡管理器 › 添加 eSIM”（三星）或“设置 › 网络和互联网 › SIM 卡 › 添加 SIM 卡”（Pixel）并扫描。",
    "install.steps.manual.title": "手动输入信息",
    "install.steps.manual.ios":
      "在“添加 eSIM › 使用二维码”中点按“手动输入详细信息”，输入“我的 eSIM”中显示的 SM-DP+ 地址和激活码。",
    "install.steps.manual.android":
      "在扫描界面点按“改为输入代码”（或“输入激活码”），输入“我的 eSIM”中显示的激活码。",
    "install.steps.install.label": "给这条线路起个名字，例如“旅行”，以便与您的本地号码区分。",
    "install.steps.install.keep": "安装后请勿删除 eSIM：大多数 eSIM 只能安装一次。",
    "install.steps.arrive.title": "落地后开启数据漫游",
    "install.steps.arrive.text":
      "到达目的地后，开启旅行 eSIM，将其设为蜂窝数据线路，并为其开启数据漫游。本地号码可保持开启，用于接听电话和短信。",

    "install.guide.title": "激活指南",
    "install.guide.intro": "安装 eSIM 后，按以下设置即可在目的地上网。不同手机和系统版本的菜单名称略有差异。",
    "install.guide.tabsLabel": "手机类型",
    "install.guide.turnOn": "开启 eSIM 线路",
    "install.guide.roaming": "开启数据漫游",
    "install.guide.dataLine": "使用 eSIM 上网",
    "install.guide.apn": "设置 APN（仅在无法上网时）",
    "install.guide.homeLine": "保留本地号码接听电话和短信",
    "install.guide.tip": "仍无法上网？请开关一次飞行模式或重启手机，并确认蜂窝数据使用的是旅行 eSIM。",
    "install.guide.ios.turnOn.1": "前往“设置 › 蜂窝网络”。",
    "install.guide.ios.turnOn.2": "点按旅行 eSIM，开启“打开此号码”。",
    "install.guide.ios.roaming.1": "在“设置 › 蜂窝网络”中点按旅行 eSIM。",
    "install.guide.ios.roaming.2": "开启“数据漫游”。本地号码请保持关闭，以免运营商收取漫游费。",
    "install.guide.ios.dataLine.1": "在“设置 › 蜂窝网络”中点按“蜂窝数据”，选择旅行 eSIM。",
    "install.guide.ios.dataLine.2": "关闭“允许切换蜂窝数据”，避免手机改用本地号码的流量。",
    "install.guide.ios.apn.1": "在“设置 › 蜂窝网络”中点按旅行 eSIM，再点按“蜂窝数据网络”。",
    "install.guide.ios.apn.2": "在“蜂窝数据”下输入“我的 eSIM”中显示的 APN，用户名和密码留空。",
    "install.guide.ios.homeLine.1": "在“设置 › 蜂窝网络 › 默认语音号码”中选择本地号码。",
    "install.guide.ios.homeLine.2":
      "保持本地号码开启，即可接听电话和接收短信验证码（运营商可能在境外收费）。iMessage 和 FaceTime 会通过 eSIM 的流量继续使用。",
    "install.guide.samsung.turnOn.1": "前往“设置 › 连接 › SIM 卡管理器”。",
    "install.guide.samsung.turnOn.2": "在 eSIM 下开启旅行 eSIM。",
    "install.guide.samsung.roaming.1": "前往“设置 › 连接 › 移动网络”。",
    "install.guide.samsung.roaming.2": "开启“数据漫游”。",
    "install.guide.samsung.dataLine.1": "在“设置 › 连接 › SIM 卡管理器”中点按“移动数据”，选择旅行 eSIM。",
    "install.guide.samsung.dataLine.2": "关闭“自动切换数据”。",
    "install.guide.samsung.apn.1": "前往“设置 › 连接 › 移动网络 › 接入点名称”，选择旅行 eSIM 的标签。",
    "install.guide.samsung.apn.2": "点按“添加”，输入名称和“我的 eSIM”中显示的 APN，在 ⋮ 菜单中保存并选中它。",
    "install.guide.samsung.homeLine.1": "在 SIM 卡管理器中，将“通话”和“短信”设为本地 SIM 卡。",
    "install.guide.samsung.homeLine.2": "保持本地 SIM 卡开启，即可接听电话和接收短信验证码。",
    "install.guide.pixel.turnOn.1": "前往“设置 › 网络和互联网 › SIM 卡”。",
    "install.guide.pixel.turnOn.2": "点按旅行 eSIM，开启“使用 SIM 卡”。",
    "install.guide.pixel.roaming.1": "在旅行 eSIM 的页面中开启“漫游”。",
    "install.guide.pixel.roaming.2": "安卓会提示漫游可能产生额外费用：套餐价格已包含。",
    "install.guide.pixel.dataLine.1": "在旅行 eSIM 的页面中开启“移动数据”。",
    "install.guide.pixel.dataLine.2": "询问是否使用此 SIM 卡上网时点按“是”，然后关闭“自动切换移动数据”。",
    "install.guide.pixel.apn.1": "在旅行 eSIM 的页面底部点按“接入点名称”。",
    "install.guide.pixel.apn.2": "点按 +，输入名称和“我的 eSIM”中显示的 APN，在 ⋮ 菜单中保存并选中它。",
    "install.guide.pixel.homeLine.1": "在“设置 › 网络和互联网 › SIM 卡”中，将通话和短信偏好设为本地 SIM 卡。",
    "install.guide.pixel.homeLine.2": "保持本地 SIM 卡开启，即可接听电话和接收短信验证码。",
    "install.guide.android.turnOn.1":
      "打开“设置”并搜索“SIM”（通常在“连接”“移动网络”或“SIM 卡和移动网络”下）。",
    "install.guide.android.turnOn.2": "开启旅行 eSIM。",
    "install.guide.android.roaming.1": "打开旅行 eSIM 的设置。",
    "install.guide.android.roaming.2": "开启“数据漫游”（部分手机称为“国际漫游”）。",
    "install.guide.android.dataLine.1": "将默认上网 SIM 卡设为旅行 eSIM。",
    "install.guide.android.dataLine.2": "关闭 SIM 卡之间的移动数据自动切换。",
    "install.guide.android.apn.1": "在旅行 eSIM 的设置中打开“接入点名称（APN）”。",
    "install.guide.android.apn.2": "按“我的 eSIM”中显示的名称添加 APN，保存并选中它。",
    "install.guide.android.homeLine.1": "将默认通话和短信 SIM 卡设为本地 SIM 卡。",
    "install.guide.android.homeLine.2": "保持本地 SIM 卡开启，即可接听电话和接收短信验证码。",

    "install.app.title": "下载 Roamly App",
    "install.app.text": "用手机相机扫描二维码即可下载 App：一键安装 eSIM、查看流量、随时充值。",
    "install.app.qrLabel": "打开 App 下载页面的二维码",
    "install.app.linkIntro": "或在手机上打开此链接：",
  },
  zh_HK: {
    "install.title": "安裝 eSIM",
    "install.intro": "幾分鐘即可裝好旅遊 eSIM。購買前請先確認手機支援 eSIM，然後按你手機的步驟操作。",
    "install.pickDevice": "選擇你的裝置",
    "install.device.ios": "iPhone",
    "install.device.samsung": "Samsung Galaxy",
    "install.device.pixel": "Google Pixel",
    "install.device.android": "其他 Android 手機",
    "install.device.iosHint": "iPhone XS、XR 及之後型號。iOS 17.4 或以上可一按安裝。",
    "install.device.samsungHint": "Galaxy S20 及之後型號、Z Fold、Z Flip 及部分 A 系列。",
    "install.device.pixelHint": "Pixel 3 及之後型號，包括 Pixel Fold。",
    "install.device.androidHint": "各品牌選單名稱不同，但步驟大致相同。",
    "install.platform.ios": "iPhone",
    "install.platform.android": "Android",
    "install.stepsLink": "安裝步驟",
    "install.guideLink": "啟用指南",
    "install.appLink": "想用 App？按此下載",

    "install.compat.title": "我的手機支援嗎？",
    "install.compat.intro": "手機需支援 eSIM 並已解鎖網絡商。搜尋你的型號，或按下方方法查看 EID。",
    "install.compat.searchLabel": "搜尋手機型號",
    "install.compat.searchPlaceholder": "例如 iPhone 15、Pixel 9、Galaxy S24",
    "install.compat.prompt": "輸入型號名稱，查看是否支援 eSIM。",
    "install.compat.count": "找到 {count} 個型號",
    "install.compat.none": "沒有與「{query}」相符的型號。請刪去容量等字眼再試，或按下方方法查看 EID。",
    "install.compat.supported": "支援 eSIM",
    "install.compat.unsupported": "不支援 eSIM",
    "install.compat.resultsLabel": "相符的型號",
    "install.caveat.chinaIphone": "中國內地銷售的型號，以及香港、澳門的雙實體 SIM 卡型號除外。",
    "install.caveat.galaxyUsKorea": "此型號的美國版及韓國版可能不支援 eSIM。",
    "install.caveat.pixel3Region": "於日本、澳洲購買的型號及部分美國網絡商型號不支援 eSIM。",
    "install.variant.chinaMainland": "iPhone（中國內地銷售）",
    "install.variant.hongKongMacau": "iPhone（香港、澳門雙卡槽型號）",
    "install.eid.title": "查看 EID",
    "install.eid.text":
      "開啟手機撥號介面，撥打 {code}。如顯示 EID（32 位數字），代表手機支援 eSIM；如只顯示 IMEI，則不支援。",
    "install.eid.where":
      "亦可在「設定 › 一般 › 關於本機」（iPhone）或「設定 › 關於手機 › 狀態」（Android）中查看。",
    "install.lock.title": "手機有否上鎖網絡商？",
    "install.lock.text":
      "上鎖某一網絡商的手機即使支援 eSIM，亦無法使用其他網絡商的 eSIM。上台機或分期購買的手機常被上鎖，請於出發前聯絡網絡商解鎖。",
    "install.lock.check":
      "iPhone 可在「設定 › 一般 › 關於本機 › 電訊商鎖定」查看，應顯示「沒有 SIM 卡限制」。",
    "install.china.title": "中國內地的 iPhone 沒有 eSIM",
    "install.china.text":
      "於中國內地銷售的 iPhone，以及香港、澳門的雙實體 SIM 卡型號，無論 iOS 版本都沒有 eSIM。型號號碼（設定 › 一般 › 關於本機）以 CH/A 結尾的即為內地型號。",

    "install.step.finish": "已完成",
    "install.step.process": "進行中",
    "install.step.wait": "等待中",
    "install.steps.title": "如何安裝 eSIM",
    "install.steps.intro":
      "請於出發前連接 Wi-Fi 時安裝 eSIM。大部分計劃在 eSIM 首次連接目的地網絡時才開始計算日數。",
    "install.steps.platformLabel": "你的手機",
    "install.steps.progressLabel": "安裝進度",
    "install.steps.buy.title": "購買計劃",
    "install.steps.buy.text": "選擇目的地和計劃並付款。請先確認手機支援 eSIM。",
    "install.steps.receive.title": "取得 eSIM",
    "install.steps.receive.text":
      "我們會在幾分鐘內以電郵傳送 QR 碼及手動輸入所需的資料，你亦可隨時在「我的 eSIM」中查看。",
    "install.steps.install.title": "安裝 eSIM",
    "install.steps.install.text": "請先連接 Wi-Fi，然後選擇以下其中一種方式：",
    "install.steps.oneTap.title": "一按安裝（iOS 17.4 或以上）",
    "install.steps.oneTap.ios":
      "在 iPhone 上開啟「我的 eSIM」，進入該 eSIM 並點按「安裝」。iOS 會開啟設定畫面，點按「繼續」並按指示操作。",
    "install.steps.oneTap.android":
      "在 Android 手機上開啟「我的 eSIM」並點按「安裝」：支援的型號會直接開啟 eSIM 設定；否則請掃描 QR 碼或手動輸入。",
    "install.steps.qr.title": "掃描 QR 碼",
    "install.steps.qr.ios":
      "在另一部裝置的螢幕顯示 QR 碼或將其列印。在 iPhone 前往「設定 › 流動網絡 › 加入 eSIM › 使用 QR 碼」並掃描。",
    "install.steps.qr.android":
      "在另一部裝置的螢幕顯示 QR 碼或將其列印。前往「設定 › 連接 › SIM 卡管理員 › 新增 eSIM」（Samsung）或「設定 › 網絡和互聯網 › SIM 卡 › 新增 SIM 卡」（Pixel）並掃描。",
    "install.steps.manual.title": "手動輸入資料",
    "install.steps.manual.ios":
      "在「加入 eSIM › 使用 QR 碼」中點按「手動輸入詳細資料」，輸入「我的 eSIM」中顯示的 SM-DP+ 地址和啟用碼。",
    "install.steps.manual.android":
      "在掃描畫面點按「改為輸入代碼」（或「輸入啟用碼」），輸入「我的 eSIM」中顯示的啟用碼。",
    "install.steps.install.label": "為這條線路命名，例如「旅遊」，方便與你的本地號碼分辨。",
    "install.steps.install.keep": "安裝後請勿刪除 eSIM：大部分 eSIM 只可安裝一次。",
    "install.steps.arrive.title": "抵達後開啟數據漫遊",
    "install.steps.arrive.text":
      "抵達目的地後，開啟旅遊 eSIM，將其設為流動數據線路，並為其開啟數據漫遊。本地號碼可保持開啟，用於接聽電話和短訊。",

    "install.guide.title": "啟用指南",
    "install.guide.intro": "安裝 eSIM 後，按以下設定即可在目的地上網。不同手機及系統版本的選單名稱略有不同。",
    "install.guide.tabsLabel": "手機類型",
    "install.guide.turnOn": "開啟 eSIM 線路",
    "install.guide.roaming": "開啟數據漫遊",
    "install.guide.dataLine": "使用 eSIM 上網",
    "install.guide.apn": "設定 APN（只在無法上網時）",
    "install.guide.homeLine": "保留本地號碼接聽電話和短訊",
    "install.guide.tip": "仍然無法上網？請開關一次飛行模式或重新開機，並確認流動數據使用的是旅遊 eSIM。",
    "install.guide.ios.turnOn.1": "前往「設定 › 流動網絡」。",
    "install.guide.ios.turnOn.2": "點按旅遊 eSIM，開啟「開啟此線路」。",
    "install.guide.ios.roaming.1": "在「設定 › 流動網絡」中點按旅遊 eSIM。",
    "install.guide.ios.roaming.2": "開啟「數據漫遊」。本地號碼請保持關閉，以免網絡商收取漫遊費用。",
    "install.guide.ios.dataLine.1": "在「設定 › 流動網絡」中點按「流動數據」，選擇旅遊 eSIM。",
    "install.guide.ios.dataLine.2": "關閉「允許流動數據切換」，避免手機改用本地號碼的數據。",
    "install.guide.ios.apn.1": "在「設定 › 流動網絡」中點按旅遊 eSIM，再點按「流動數據網絡」。",
    "install.guide.ios.apn.2": "在「流動數據」下輸入「我的 eSIM」中顯示的 APN，用戶名稱和密碼留空。",
    "install.guide.ios.homeLine.1": "在「設定 › 流動網絡 › 預設語音線路」中選擇本地號碼。",
    "install.guide.ios.homeLine.2":
      "保持本地號碼開啟，即可接聽電話及接收短訊驗證碼（網絡商或會在外地收費）。iMessage 和 FaceTime 會透過 eSIM 的數據繼續使用。",
    "install.guide.samsung.turnOn.1": "前往「設定 › 連接 › SIM 卡管理員」。",
    "install.guide.samsung.turnOn.2": "在 eSIM 下開啟旅遊 eSIM。",
    "install.guide.samsung.roaming.1": "前往「設定 › 連接 › 流動網絡」。",
    "install.guide.samsung.roaming.2": "開啟「數據漫遊」。",
    "install.guide.samsung.dataLine.1": "在「設定 › 連接 › SIM 卡管理員」中點按「流動數據」，選擇旅遊 eSIM。",
    "install.guide.samsung.dataLine.2": "關閉「自動切換數據」。",
    "install.guide.samsung.apn.1": "前往「設定 › 連接 › 流動網絡 › 存取點名稱」，選擇旅遊 eSIM 的分頁。",
    "install.guide.samsung.apn.2":
      "點按「新增」，輸入名稱及「我的 eSIM」中顯示的 APN，在 ⋮ 選單中儲存並選取。",
    "install.guide.samsung.homeLine.1": "在 SIM 卡管理員中，將「通話」及「短訊」設為本地 SIM 卡。",
    "install.guide.samsung.homeLine.2": "保持本地 SIM 卡開啟，即可接聽電話及接收短訊驗證碼。",
    "install.guide.pixel.turnOn.1": "前往「設定 › 網絡和互聯網 › SIM 卡」。",
    "install.guide.pixel.turnOn.2": "點按旅遊 eSIM，開啟「使用 SIM 卡」。",
    "install.guide.pixel.roaming.1": "在旅遊 eSIM 的頁面中開啟「漫遊」。",
    "install.guide.pixel.roaming.2": "Android 會提示漫遊或會產生額外費用：計劃價格已包括在內。",
    "install.guide.pixel.dataLine.1": "在旅遊 eSIM 的頁面中開啟「流動數據」。",
    "install.guide.pixel.dataLine.2": "詢問是否使用此 SIM 卡上網時點按「是」，然後關閉「自動切換流動數據」。",
    "install.guide.pixel.apn.1": "在旅遊 eSIM 的頁面底部點按「存取點名稱」。",
    "install.guide.pixel.apn.2": "點按 +，輸入名稱及「我的 eSIM」中顯示的 APN，在 ⋮ 選單中儲存並選取。",
    "install.guide.pixel.homeLine.1":
      "在「設定 › 網絡和互聯網 › SIM 卡」中，將通話及短訊偏好設為本地 SIM 卡。",
    "install.guide.pixel.homeLine.2": "保持本地 SIM 卡開啟，即可接聽電話及接收短訊驗證碼。",
    "install.guide.android.turnOn.1":
      "開啟「設定」並搜尋「SIM」（通常在「連接」、「流動網絡」或「SIM 卡及流動網絡」下）。",
    "install.guide.android.turnOn.2": "開啟旅遊 eSIM。",
    "install.guide.android.roaming.1": "開啟旅遊 eSIM 的設定。",
    "install.guide.android.roaming.2": "開啟「數據漫遊」（部分手機稱為「國際漫遊」）。",
    "install.guide.android.dataLine.1": "將預設上網 SIM 卡設為旅遊 eSIM。",
    "install.guide.android.dataLine.2": "關閉 SIM 卡之間的流動數據自動切換。",
    "install.guide.android.apn.1": "在旅遊 eSIM 的設定中開啟「存取點名稱（APN）」。",
    "install.guide.android.apn.2": "按「我的 eSIM」中顯示的名稱新增 APN，儲存並選取。",
    "install.guide.android.homeLine.1": "將預設通話及短訊 SIM 卡設為本地 SIM 卡。",
    "install.guide.android.homeLine.2": "保持本地 SIM 卡開啟，即可接聽電話及接收短訊驗證碼。",

    "install.app.title": "下載 Roamly App",
    "install.app.text": "用手機相機掃描 QR 碼即可下載 App：一按安裝 eSIM、查看數據用量、隨時增值。",
    "install.app.qrLabel": "開啟 App 下載頁面的 QR 碼",
    "install.app.linkIntro": "或在手機上開啟此連結：",
  },
});
