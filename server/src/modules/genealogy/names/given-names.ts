/**
 * Names that are the same name in another language (Youssef = Joseph = José = يوسف).
 * A consonant skeleton cannot see that Boutros and Pierre are one saint's name, so this
 * table does: each group's spellings, in any script, share one key (the skeleton of the
 * group's first spelling). Lebanese records switch between these freely: a baptism in
 * Latin or French, a civil registry in Arabic, an emigrant's papers in English or Spanish.
 */
export const NAME_EQUIVALENTS: string[][] = [
  ["Youssef", "Yousef", "Yusuf", "Youssif", "Yussef", "Youcef", "Yosef", "Joseph", "Josef", "José", "Giuseppe", "يوسف"],
  ["Boutros", "Botros", "Butrus", "Boutrous", "Pierre", "Peter", "Pietro", "Pedro", "بطرس"],
  ["Hanna", "Hanne", "Hanneh", "Youhanna", "Yuhanna", "Jean", "John", "Juan", "Giovanni", "Johannes", "حنا", "يوحنا"],
  ["Gerges", "Girgis", "Jirjis", "Guirguis", "Jiryis", "Jiries", "Georges", "George", "Jurj", "Giorgio", "Jorge", "جرجس", "جرجي", "جريس", "جورج"],
  ["Elias", "Elie", "Elia", "Elyas", "Ilyas", "Eliya", "Elijah", "Elías", "إلياس", "الياس", "ايليا", "إيليا", "ايلي", "إيلي"],
  ["Mikhael", "Mikhail", "Mikhayel", "Mkhayel", "Michel", "Michael", "Michele", "Miguel", "ميخائيل", "ميخايل", "مخايل", "ميشال", "ميشيل"],
  ["Tanios", "Tanious", "Tannous", "Tanyous", "Antoine", "Anthony", "Antonio", "Antoun", "Antun", "Anton", "Antonios", "طانيوس", "طنوس", "أنطوان", "انطون", "أنطونيوس"],
  ["Mohammad", "Mohammed", "Muhammad", "Muhammed", "Mohamed", "Mohamad", "Mouhammad", "Mehmet", "محمد"],
  ["Ahmad", "Ahmed", "Ahmet", "أحمد"],
  ["Khalil", "Khaleel", "Halil", "خليل"],
  ["Nasrallah", "Nasrallah", "Nasralla", "Nasr Allah", "Nasr Alla", "نصرالله", "نصر الله"],
  ["Abdallah", "Abdullah", "Abdalla", "Abd Allah", "Abdellah", "عبدالله", "عبد الله"],
  ["Maroun", "Maron", "Marun", "Marone", "مارون"],
  ["Sleiman", "Suleiman", "Soliman", "Sulayman", "Slayman", "Suleyman", "Solomon", "Salomon", "سليمان"],
  ["Semaan", "Simaan", "Samaan", "Siman", "Simon", "Chemaan", "سمعان"],
  ["Boulos", "Bulus", "Paul", "Paolo", "Pablo", "بولس"],
  ["Ibrahim", "Brahim", "Ebrahim", "Abraham", "إبراهيم", "ابراهيم"],
  ["Moussa", "Mousa", "Musa", "Moses", "Moïse", "موسى"],
  ["Yaacoub", "Yacoub", "Yaqub", "Yakub", "Jacob", "Jacques", "Giacomo", "Santiago", "يعقوب"],
  ["Daoud", "Dawood", "Dawud", "David", "داود", "داوود"],
  ["Sarkis", "Serge", "Sergio", "Sergius", "سركيس"],
  ["Nicolas", "Nicola", "Nicholas", "Nqoula", "Neqoula", "نقولا"],
  ["Maryam", "Mariam", "Meryem", "Marie", "Maria", "Mary", "مريم"],
  ["Issa", "Eissa", "عيسى"],
  ["Bechara", "Béchara", "Bshara", "Bichara", "Bishara", "بشارة"],
  ["Estephan", "Stephan", "Stephen", "Étienne", "Esteban", "Stefano", "اسطفان", "إسطفان", "اسطيفان"],
  ["Fadlallah", "Fadlalla", "Fadl Allah", "فضل الله", "فضلالله"],
];
