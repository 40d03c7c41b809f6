/**
 * Capitalised words that are never a person's name, in English and Malay (lower case): the
 * scrubber takes other capitalised words for names, so what people write about their feelings,
 * days, families and faith must stay readable for the model. Add a word here when the
 * scrubber is seen to eat it.
 */
const WORDS = `
  i i'm im me my mine myself we our you your he she his her they them their it its this that these those
  a an the and or but so because since when while if then after before during until also just only
  sometimes often always never every each all some most many much more less very really still even
  now today tonight yesterday tomorrow last next recently lately morning evening night week month year
  hi hello hey dear ok okay yes no not thanks thank please sorry well maybe
  what why how where who which there here
  monday tuesday wednesday thursday friday saturday sunday
  january february march april may june july august september october november december
  isnin selasa rabu khamis jumaat sabtu ahad
  januari februari mac mei jun julai ogos oktober disember
  saya aku kami kita dia beliau mereka awak anda kamu engkau
  ini itu dan atau tetapi tapi kerana sebab sejak bila apabila semasa selepas sebelum jika kalau
  sudah telah masih juga hanya selalu kadang kadang-kadang sering setiap semua banyak sangat
  hari malam pagi petang minggu bulan tahun semalam esok lusa tadi baru kini sekarang
  ya tidak tak bukan terima kasih maaf tolong
  mum mom mummy mommy mama mother dad daddy papa father parents brother sister son daughter
  husband wife boyfriend girlfriend partner friend friends boss manager lecturer teacher colleague
  grandma grandpa grandmother grandfather uncle aunt auntie cousin baby
  mr mrs ms miss madam dr prof encik en puan pn cik tuan datuk dato datin ustaz ustazah
  mak emak ibu ayah abah bapa abang kakak adik nenek atuk pakcik makcik suami isteri anak kawan
  bos pensyarah cikgu guru rakan
  god allah tuhan islam muslim christian hindu buddhist sikh ramadan raya aidilfitri deepavali
  christmas thaipusam wesak puasa
  malay melayu chinese cina indian india english inggeris malaysia malaysian tamil mandarin
  covid work school college university universiti sekolah kolej kerja office pejabat exam exams
  peperiksaan hospital clinic klinik doctor doktor counsellor kaunselor therapist psychologist
  mosque masjid surau church gereja temple kuil home rumah
  anxious anxiety panic attack attacks sleep sleeping insomnia depression depressed stress stressed
  sad sadness tired fatigue worry worried worrying fear afraid scared lonely hopeless worthless
  angry anger crying numb overwhelmed nervous restless breathless heart chest pain headache
  suicidal therapy medication guilty guilt ashamed shame empty low down bad worse better good fine happy
  confused lost hurt upset irritable moody paranoid trauma grief burnout exhausted sick unwell
  cemas kecemasan tidur risau murung sedih penat tekanan takut bimbang gelisah letih resah marah
  menangis sunyi putus asa panik sakit dada jantung kepala lelah
`;

export const NOT_NAMES: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));
