/**
 * Follow-up answers as visitors might write them, in English and Malay, each with the personal
 * details the scrubber must remove. Test data for scrub.test.ts, which measures the share removed.
 */
export interface CorpusAnswer {
  text: string;
  details: string[];
}

export const SCRUB_CORPUS: CorpusAnswer[] = [
  // Names without an introducing phrase.
  { text: "I'm Siti Aminah and I can't sleep at night", details: ['Siti', 'Aminah'] },
  { text: 'I am Nurul Huda, final year student, always anxious', details: ['Nurul', 'Huda'] },
  { text: 'this is Kavitha, the panic comes every morning', details: ['Kavitha'] },
  { text: 'Hi, Mei Ling here. I feel tired all the time', details: ['Mei Ling'] },
  { text: 'Siti Aminah binti Hassan, 24, cannot sleep', details: ['Siti Aminah', 'Hassan'] },
  { text: 'since my father Ahmad bin Ismail passed away I cry a lot', details: ['Ahmad', 'Ismail'] },
  { text: 'Muthu a/l Rajan is my husband and he shouts at me', details: ['Muthu', 'Rajan'] },
  { text: 'my friend Priya a/p Subramaniam says I look sad', details: ['Priya', 'Subramaniam'] },
  { text: 'I told Sarah about my panic attacks', details: ['Sarah'] },
  { text: 'my manager Jason Tan keeps yelling', details: ['Jason', 'Tan'] },
  { text: 'I broke up with Daniel Wong last month and cannot eat', details: ['Daniel', 'Wong'] },
  { text: 'my ex Hafiz still messages me at night', details: ['Hafiz'] },
  { text: 'Lim Wei Jie, 30. Worried about money', details: ['Lim Wei Jie'] },
  { text: 'Nama saya Farah Nadia, saya rasa cemas', details: ['Farah', 'Nadia'] },
  { text: 'saya Aisyah, pelajar universiti, susah tidur', details: ['Aisyah'] },
  { text: 'Saya Mohd Faizal bin Abdul Rahman dan saya rasa murung', details: ['Faizal', 'Abdul Rahman'] },
  { text: 'suami saya Azman selalu marah', details: ['Azman'] },
  { text: 'kawan saya Nabila tahu saya sedih', details: ['Nabila'] },
  { text: 'Ibu saya, Rohani binti Yusof, sakit teruk', details: ['Rohani', 'Yusof'] },
  { text: 'aku Haziq, 19 tahun, selalu risau', details: ['Haziq'] },
  { text: 'bos saya Encik Kamal buat saya tertekan', details: ['Kamal'] },
  { text: 'Puan Salmah kaunselor sekolah saya', details: ['Salmah'] },
  { text: 'my name is arjun and I feel hopeless', details: ['arjun'] },
  { text: 'I live with Chong Mei Fong, my cousin', details: ['Chong Mei Fong'] },
  // MyKad and passport numbers.
  { text: 'IC saya 950312-14-5566 kalau perlu', details: ['950312-14-5566'] },
  { text: 'my nric is 880101105432', details: ['880101105432'] },
  { text: 'no kp: 010203 08 1234, saya penat', details: ['010203 08 1234'] },
  { text: 'passport A12345678, I am a foreign student and lonely', details: ['A12345678'] },
  { text: 'pasport saya K98765432 hilang dan saya cemas', details: ['K98765432'] },
  { text: 'my passport no is EK1234567', details: ['EK1234567'] },
  // Phone numbers.
  { text: 'please call me 012-987 6543', details: ['012-987 6543'] },
  { text: 'whatsapp saya 0198765432', details: ['0198765432'] },
  { text: 'my number +60 17-222 3344, anytime', details: ['+60 17-222 3344'] },
  { text: 'rumah 03-4041 2233', details: ['03-4041 2233'] },
  // E-mail addresses, plain and written out.
  { text: 'email me siti.aminah@gmail.com', details: ['siti.aminah@gmail.com'] },
  { text: 'reach me at siti[at]gmail[dot]com please', details: ['siti[at]gmail[dot]com', 'siti'] },
  { text: 'my mail is siti at gmail dot com', details: ['siti at gmail dot com', 'siti'] },
  { text: 'emel saya ahmad99 (at) yahoo (dot) com', details: ['ahmad99'] },
  { text: 'contact nurul.h [at] outlook [dot] my', details: ['nurul.h'] },
  { text: 'write to tan_wm at hotmail.com', details: ['tan_wm'] },
  { text: 'e-mel: faiz @ gmail . com atau faiz di gmail titik com', details: ['faiz'] },
  // Social handles.
  { text: 'follow me on IG @siti_aminah99, I post when I am sad', details: ['@siti_aminah99', 'siti_aminah99'] },
  { text: 'my tiktok is @mei.ling.x', details: ['@mei.ling.x'] },
  { text: 'twitter saya @hafizrahman, saya selalu marah', details: ['@hafizrahman'] },
  // Street addresses and postcodes.
  { text: 'I live at No. 12, Jalan SS2/24, 47300 Petaling Jaya', details: ['12', 'SS2/24', '47300', 'Petaling Jaya'] },
  { text: 'rumah saya di Lorong Bunga Raya 3, Taman Melawati', details: ['Bunga Raya', 'Melawati'] },
  { text: 'alamat: 23 Jalan Ampang, 50450 Kuala Lumpur', details: ['23 Jalan Ampang', '50450', 'Kuala Lumpur'] },
  { text: 'saya tinggal di Taman Tun Dr Ismail, susah tidur sebab bising', details: ['Tun Dr Ismail'] },
  { text: 'Lot 45, Kampung Baru, Kuala Lumpur is where my family lives', details: ['Lot 45', 'Kampung Baru'] },
  { text: 'my flat is at 221B Baker Street, London', details: ['221B Baker Street'] },
  { text: 'we moved to 15 Orchard Road last year and I feel lonely', details: ['15 Orchard Road'] },
  { text: 'poskod saya 81300', details: ['81300'] },
  { text: 'Blok C-3-12, Pangsapuri Seri Mahkota, Cheras', details: ['Seri Mahkota', 'C-3-12'] },
  { text: 'I work near Jln Tun Razak and panic on the train', details: ['Tun Razak'] },
  // Several details at once.
  { text: "I'm Aina. IC 990909-10-1234, phone 011-2345 6789, I can't sleep", details: ['Aina', '990909-10-1234', '011-2345 6789'] },
  { text: 'Nama saya Zulkifli, tinggal di Jalan Kebun 5, 40460 Shah Alam, emel zul@mail.com', details: ['Zulkifli', 'Kebun', '40460', 'Shah Alam', 'zul@mail.com'] },
  { text: 'Dr. Lim Chee Keong prescribed pills; my sister Ng Siew Lan calls 016-555 1234', details: ['Lim Chee Keong', 'Ng Siew Lan', '016-555 1234'] },
  { text: 'Cik Norhayati dari HR, emel norhayati[at]syarikat[dot]com[dot]my', details: ['Norhayati'] },
  { text: 'my boyfriend Ravi Chandran threatens me, his ig @ravi_c', details: ['Ravi', 'Chandran', '@ravi_c'] },
  { text: 'I study at UM and my roommate Jia Hui cries a lot too', details: ['Jia Hui'] },
  { text: 'saya rasa sedih sejak Amirul pindah ke Johor Bahru', details: ['Amirul', 'Johor Bahru'] },
  { text: 'My husband Kumar and my son Arvind both noticed I am anxious', details: ['Kumar', 'Arvind'] },
  { text: 'teacher Mrs. Goh said I look tired in class', details: ['Goh'] },
  { text: 'since Grandma Fatimah died in Kota Bharu I have had panic attacks', details: ['Fatimah', 'Kota Bharu'] },
  { text: 'anak saya Danish baru lahir dan saya tidak cukup tidur', details: ['Danish'] },
  // Written after the scrubber was tuned to the answers above, as a check it had not just learnt them.
  { text: 'Hi im Wan Nur Syafiqah, I panic before presentations', details: ['Syafiqah'] },
  { text: 'I am Ganesh, 27, working in Penang and always tired', details: ['Ganesh'] },
  { text: 'my wife Lee Siew Ling left me and I cannot sleep', details: ['Lee Siew Ling'] },
  { text: 'ayah saya Osman bin Daud garang', details: ['Osman', 'Daud'] },
  { text: 'call my sister Nadia on 013 444 5566', details: ['Nadia', '013 444 5566'] },
  { text: 'IC saya 030512-14-5678', details: ['030512-14-5678'] },
  { text: 'I stay at 8, Jalan Mawar 2/3, Taman Sri Muda, 40400 Shah Alam', details: ['Mawar', 'Sri Muda', '40400', 'Shah Alam'] },
  { text: 'saya menetap di No 3 Lorong Kenari, Bayan Lepas', details: ['Kenari', 'Bayan Lepas'] },
  { text: 'find me on insta @nurul_aini.xo', details: ['nurul_aini'] },
  { text: 'my email is raj dot kumar at gmail dot com', details: ['raj', 'kumar'] },
  { text: 'kawan baik saya, Aiman Hakimi, pun murung', details: ['Aiman', 'Hakimi'] },
  { text: 'Passport number MY1234567 expired and I worry', details: ['1234567'] },
  { text: 'Ms Tan from HR keeps watching me and I feel anxious', details: ['Tan'] },
  { text: 'Mr Selvam my neighbour is loud every night', details: ['Selvam'] },
  { text: 'Since Hui Min moved to Singapore I feel alone', details: ['Hui Min'] },
];
