/**
 * The home page's managed sections in the five other languages (data.ts holds the English
 * originals): every text translated, the hero's button labels included.
 */
import type { TranslationLanguage } from "../../app/lib/constants";

interface SectionTexts {
  title: string;
  subtitle: string;
  content: string | null;
  metadata?: Record<string, string>;
}

export const SECTION_TRANSLATIONS: Record<string, Record<TranslationLanguage, SectionTexts>> = {
  hero: {
    es: {
      title: "Su llave al comercio global",
      subtitle: "Conecte con más de 11 millones de importadores y exportadores",
      content: "Encuentre productos, publique solicitudes de compra y conozca proveedores verificados en más de 190 países.",
      metadata: { cta_primary: "Únase como comprador", cta_secondary: "Únase como proveedor" },
    },
    fr: {
      title: "Votre clé du commerce mondial",
      subtitle: "Entrez en contact avec plus de 11 millions d'importateurs et d'exportateurs",
      content: "Trouvez des produits, publiez des demandes d'achat et rencontrez des fournisseurs vérifiés dans plus de 190 pays.",
      metadata: { cta_primary: "Devenir acheteur", cta_secondary: "Devenir fournisseur" },
    },
    zh: {
      title: "开启全球贸易之门",
      subtitle: "与超过 1100 万进口商和出口商建立联系",
      content: "在 190 多个国家和地区采购产品、发布求购信息，结识经过验证的供应商。",
      metadata: { cta_primary: "成为买家", cta_secondary: "成为供应商" },
    },
    hi: {
      title: "वैश्विक व्यापार की आपकी कुंजी",
      subtitle: "1.1 करोड़ से अधिक आयातकों और निर्यातकों से जुड़ें",
      content: "190 से अधिक देशों में उत्पाद खोजें, खरीद अनुरोध प्रकाशित करें और सत्यापित आपूर्तिकर्ताओं से मिलें।",
      metadata: { cta_primary: "खरीदार के रूप में जुड़ें", cta_secondary: "आपूर्तिकर्ता के रूप में जुड़ें" },
    },
    ja: {
      title: "グローバル貿易への扉",
      subtitle: "1,100万を超える輸入業者・輸出業者とつながる",
      content: "190か国以上で製品を調達し、購入リクエストを掲載し、認証済みのサプライヤーと出会えます。",
      metadata: { cta_primary: "バイヤーとして登録", cta_secondary: "サプライヤーとして登録" },
    },
  },
  trade_blog: {
    es: {
      title: "Noticias y análisis del comercio",
      subtitle: "Actualidad del mercado, guías de abastecimiento y consejos de exportación de nuestros editores",
      content: null,
    },
    fr: {
      title: "Actualités et analyses du commerce",
      subtitle: "Tendances du marché, guides d'approvisionnement et conseils à l'export de notre rédaction",
      content: null,
    },
    zh: { title: "贸易新闻与洞察", subtitle: "编辑为您带来市场动态、采购指南和出口技巧", content: null },
    hi: { title: "व्यापार समाचार और अंतर्दृष्टि", subtitle: "हमारे संपादकों से बाज़ार अपडेट, सोर्सिंग गाइड और निर्यात सुझाव", content: null },
    ja: { title: "貿易ニュースとインサイト", subtitle: "編集部がお届けする市場の最新情報、調達ガイド、輸出のヒント", content: null },
  },
  email_marketing: {
    es: {
      title: "Llegue por correo electrónico a 11 millones de compradores",
      subtitle: "Campañas segmentadas para proveedores",
      content: "Envíe su catálogo a importadores verificados de su sector y siga cada apertura y cada respuesta.",
    },
    fr: {
      title: "Touchez 11 millions d'acheteurs par e-mail",
      subtitle: "Des campagnes ciblées pour les fournisseurs",
      content: "Envoyez votre catalogue à des importateurs vérifiés de votre secteur et suivez chaque ouverture et chaque réponse.",
    },
    zh: {
      title: "通过电子邮件触达 1100 万买家",
      subtitle: "面向供应商的精准营销活动",
      content: "将您的产品目录发送给本行业经过验证的进口商，并跟踪每一次打开和回复。",
    },
    hi: {
      title: "ई-मेल से 1.1 करोड़ खरीदारों तक पहुँचें",
      subtitle: "आपूर्तिकर्ताओं के लिए लक्षित अभियान",
      content: "अपना कैटलॉग अपने क्षेत्र के सत्यापित आयातकों को भेजें और हर ओपन और हर जवाब पर नज़र रखें।",
    },
    ja: {
      title: "メールで1,100万人のバイヤーに届ける",
      subtitle: "サプライヤー向けのターゲティングキャンペーン",
      content: "カタログを業界の認証済み輸入業者に送り、開封と返信をすべて追跡できます。",
    },
  },
  success_stories: {
    es: {
      title: "Casos de éxito",
      subtitle: "Comerciantes que crecieron con nosotros",
      content:
        "En tres meses encontramos dos distribuidores en Europa y duplicamos nuestro volumen de exportación. — Anita Rao, Chennai Hair Exports",
    },
    fr: {
      title: "Témoignages de réussite",
      subtitle: "Des négociants qui ont grandi avec nous",
      content:
        "En trois mois, nous avons trouvé deux distributeurs en Europe et doublé notre volume d'exportation. — Anita Rao, Chennai Hair Exports",
    },
    zh: {
      title: "成功案例",
      subtitle: "与我们共同成长的贸易商",
      content: "三个月内，我们在欧洲找到了两家经销商，出口量翻了一番。—— Anita Rao，Chennai Hair Exports",
    },
    hi: {
      title: "सफलता की कहानियाँ",
      subtitle: "हमारे साथ आगे बढ़े व्यापारी",
      content: "तीन महीनों में हमें यूरोप में दो वितरक मिले और हमारा निर्यात दोगुना हो गया। — अनीता राव, Chennai Hair Exports",
    },
    ja: {
      title: "成功事例",
      subtitle: "私たちとともに成長した貿易事業者",
      content: "3か月でヨーロッパに2社の販売代理店が見つかり、輸出量が2倍になりました。— アニタ・ラオ、Chennai Hair Exports",
    },
  },
  what_we_do: {
    es: {
      title: "Lo que hacemos",
      subtitle: "Un punto de encuentro de confianza para el comercio global",
      content:
        "Verificamos proveedores, ponemos en contacto a los compradores con los fabricantes adecuados y le acompañamos en cada paso, desde la primera consulta hasta la entrega.",
    },
    fr: {
      title: "Ce que nous faisons",
      subtitle: "Un lieu de rencontre de confiance pour le commerce mondial",
      content:
        "Nous vérifions les fournisseurs, mettons les acheteurs en relation avec les bons fabricants et vous accompagnons à chaque étape, de la première demande à la livraison.",
    },
    zh: {
      title: "我们的业务",
      subtitle: "值得信赖的全球贸易交流平台",
      content: "我们核实供应商，为买家匹配合适的制造商，并支持从首次询价到交货的每一个环节。",
    },
    hi: {
      title: "हम क्या करते हैं",
      subtitle: "वैश्विक व्यापार के लिए एक भरोसेमंद मिलन-स्थल",
      content: "हम आपूर्तिकर्ताओं का सत्यापन करते हैं, खरीदारों को सही निर्माताओं से मिलाते हैं और पहली पूछताछ से डिलीवरी तक हर कदम पर साथ देते हैं।",
    },
    ja: {
      title: "事業内容",
      subtitle: "グローバル貿易のための信頼できる出会いの場",
      content: "サプライヤーを審査し、バイヤーに最適なメーカーを紹介し、最初の問い合わせから納品まですべての段階を支援します。",
    },
  },
  our_goals: {
    es: {
      title: "Nuestros objetivos",
      subtitle: "Un comercio justo, transparente y rápido para todas las empresas",
      content:
        "Hacer que comprar en el extranjero sea tan sencillo como comprar en el propio país, ayudar a los pequeños exportadores a llegar a nuevos mercados y proteger cada operación.",
    },
    fr: {
      title: "Nos objectifs",
      subtitle: "Un commerce équitable, transparent et rapide pour toutes les entreprises",
      content:
        "Rendre l'approvisionnement à l'étranger aussi simple qu'un achat local, aider les petits exportateurs à conquérir de nouveaux marchés et sécuriser chaque transaction.",
    },
    zh: {
      title: "我们的目标",
      subtitle: "让每家企业都能享有公平、透明、快捷的贸易",
      content: "让跨境采购像本地购买一样简单，帮助小型出口商开拓新市场，并保障每一笔交易的安全。",
    },
    hi: {
      title: "हमारे लक्ष्य",
      subtitle: "हर व्यवसाय के लिए निष्पक्ष, पारदर्शी और तेज़ व्यापार",
      content: "सीमा-पार खरीद को स्थानीय खरीद जितना आसान बनाना, छोटे निर्यातकों को नए बाज़ारों तक पहुँचाना और हर सौदे को सुरक्षित रखना।",
    },
    ja: {
      title: "私たちの目標",
      subtitle: "すべての企業に公正で透明性が高く迅速な取引を",
      content: "海外からの調達を国内での購入と同じくらい簡単にし、小規模な輸出業者の新市場開拓を助け、すべての取引の安全を守ります。",
    },
  },
  best_services: {
    es: {
      title: "Los mejores servicios",
      subtitle: "Elegidos por nuestros miembros",
      content: "Verificación de proveedores, financiación comercial, logística y estudios de mercado desde una sola cuenta.",
    },
    fr: {
      title: "Nos meilleurs services",
      subtitle: "Choisis par nos membres",
      content: "Vérification des fournisseurs, financement du commerce, logistique et études de marché depuis un seul compte.",
    },
    zh: { title: "优质服务", subtitle: "会员之选", content: "供应商验证、贸易融资、物流和市场调研，一个账户全部搞定。" },
    hi: {
      title: "सर्वश्रेष्ठ सेवाएँ",
      subtitle: "हमारे सदस्यों की पसंद",
      content: "एक ही खाते से आपूर्तिकर्ता सत्यापन, व्यापार वित्त, लॉजिस्टिक्स और बाज़ार अनुसंधान।",
    },
    ja: {
      title: "最高のサービス",
      subtitle: "会員が選んだサービス",
      content: "サプライヤー審査、貿易金融、物流、市場調査をひとつのアカウントで。",
    },
  },
};
