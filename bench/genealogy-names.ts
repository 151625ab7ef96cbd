// Name lists for the generated benchmark tree: Lebanese family names with the Latin
// spellings records actually use, and given names in Latin and Arabic.

/** [Latin spellings (first is the most common), Arabic] */
export const SURNAMES: [string[], string][] = [
  [["Khoury", "Khouri", "El Khoury"], "الخوري"], [["Haddad"], "حداد"], [["Chamoun", "Shamoun"], "شمعون"],
  [["Gemayel", "Jumayyil"], "الجميل"], [["Frangieh", "Franjieh"], "فرنجية"], [["Sfeir", "Sfair"], "صفير"],
  [["Moussa", "Musa"], "موسى"], [["Abou Chakra", "Abu Shaqra"], "أبو شقرا"], [["Daher", "Dahir"], "ضاهر"],
  [["Nasrallah"], "نصرالله"], [["Douaihy", "Doueihi"], "الدويهي"], [["Chidiac", "Shidyaq"], "الشدياق"],
  [["Geagea"], "جعجع"], [["Maalouf", "Malouf"], "معلوف"], [["Hobeika"], "حبيقة"], [["Karam"], "كرم"],
  [["Assaf"], "عساف"], [["Nassif", "Nassef"], "ناصيف"], [["Harb"], "حرب"], [["Salameh", "Salame"], "سلامة"],
  [["Bou Saab", "Abou Saab"], "أبو صعب"], [["Abi Nader"], "أبي نادر"], [["Aoun"], "عون"], [["Saade", "Saadeh"], "سعادة"],
  [["Tannous"], "طنوس"], [["Bechara", "Bishara"], "بشارة"], [["Hayek"], "الحايك"], [["Khalil"], "خليل"],
  [["Rizk"], "رزق"], [["Matar"], "مطر"], [["Azar"], "أزعر"], [["Farah"], "فرح"], [["Hanna"], "حنا"],
  [["Yazbeck", "Yazbek"], "يزبك"], [["Kassab"], "قصاب"], [["Saliba"], "صليبا"], [["Najjar", "Najar"], "النجار"],
  [["Hajj", "El Hajj"], "الحاج"], [["Sayegh", "Sayeg"], "الصايغ"], [["Tohme", "Tohmeh"], "طعمة"],
  [["Issa"], "عيسى"], [["Ghanem"], "غانم"], [["Feghali"], "الفغالي"], [["Achkar"], "الأشقر"], [["Bitar"], "البيطار"],
  [["Zogheib"], "زغيب"], [["Eid"], "عيد"], [["Mansour"], "منصور"], [["Makhlouf"], "مخلوف"], [["Kanaan"], "كنعان"],
  [["Chehab", "Shehab"], "شهاب"], [["Arslan"], "أرسلان"], [["Jumblatt", "Joumblatt"], "جنبلاط"], [["Hamadeh", "Hamade"], "حمادة"],
  [["Berri"], "بري"], [["Husseini"], "الحسيني"], [["Sabbagh"], "الصباغ"], [["Tabet"], "ثابت"], [["Ghosn"], "غصن"],
  [["Abboud"], "عبود"], [["Fares"], "فارس"], [["Habib"], "حبيب"], [["Jabbour"], "جبور"], [["Lahoud"], "لحود"],
  [["Maroun"], "مارون"], [["Nakhle", "Nakhleh"], "نخلة"], [["Obeid"], "عبيد"], [["Rahme", "Rahmeh"], "رحمة"],
  [["Sarkis"], "سركيس"], [["Skaff"], "سكاف"], [["Tawk", "Touk"], "طوق"], [["Wehbe", "Wehbeh"], "وهبة"],
  [["Younes", "Younis"], "يونس"], [["Zakhour"], "زاخور"], [["Abdallah"], "عبدالله"], [["Baroud"], "بارود"],
  [["Chalhoub"], "شلهوب"], [["Daou"], "ضو"], [["Fakhoury"], "الفاخوري"], [["Gebran", "Gibran"], "جبران"],
];

/** [Latin, Arabic] */
export const MALE: [string, string][] = [
  ["Youssef", "يوسف"], ["Joseph", "يوسف"], ["Boutros", "بطرس"], ["Pierre", "بطرس"], ["Hanna", "حنا"], ["Gerges", "جرجس"],
  ["Georges", "جورج"], ["Elias", "إلياس"], ["Elie", "إيلي"], ["Mikhael", "ميخائيل"], ["Michel", "ميشال"], ["Tanios", "طانيوس"],
  ["Antoine", "أنطوان"], ["Mohammad", "محمد"], ["Ahmad", "أحمد"], ["Khalil", "خليل"], ["Nasrallah", "نصرالله"], ["Maroun", "مارون"],
  ["Sleiman", "سليمان"], ["Semaan", "سمعان"], ["Boulos", "بولس"], ["Ibrahim", "إبراهيم"], ["Moussa", "موسى"], ["Yaacoub", "يعقوب"],
  ["Daoud", "داود"], ["Sarkis", "سركيس"], ["Nicolas", "نقولا"], ["Bechara", "بشارة"], ["Fouad", "فؤاد"], ["Camille", "كميل"],
  ["Charbel", "شربل"], ["Rachid", "رشيد"], ["Salim", "سليم"], ["Najib", "نجيب"], ["Amin", "أمين"], ["Fadi", "فادي"],
  ["Ali", "علي"], ["Hassan", "حسن"], ["Hussein", "حسين"], ["Kamal", "كمال"], ["Walid", "وليد"], ["Nabil", "نبيل"],
];

export const FEMALE: [string, string][] = [
  ["Maryam", "مريم"], ["Marie", "ماري"], ["Rita", "ريتا"], ["Najla", "نجلا"], ["Wadad", "وداد"], ["Salma", "سلمى"],
  ["Layla", "ليلى"], ["Nour", "نور"], ["Hoda", "هدى"], ["Samira", "سميرة"], ["Souad", "سعاد"], ["Nadia", "نادية"],
  ["Mona", "منى"], ["Rose", "روز"], ["Therese", "تيريز"], ["Georgette", "جورجيت"], ["Fatima", "فاطمة"], ["Zeinab", "زينب"],
  ["Khadija", "خديجة"], ["Amal", "أمل"], ["Hala", "هالة"], ["Rima", "ريما"], ["Sana", "سناء"], ["Wafa", "وفاء"],
  ["Jamila", "جميلة"], ["Latifa", "لطيفة"], ["Nawal", "نوال"], ["Mariette", "مارييت"], ["Josephine", "جوزفين"], ["Antoinette", "أنطوانيت"],
];
