import type { NamespaceAssessmentTranslation } from '../../i18n-types';

// DASS-21 items, instructions and answer labels follow the validated Malay DASS-21
// (Musa, Fadzil & Zain, 2007); the other texts are written for Malaysian readers.
const ms_assessment = {
  dass21: {
    instructions:
      'Sila baca setiap kenyataan dan pilih jawapan yang menggambarkan keadaan anda sepanjang minggu lepas. Tiada jawapan yang betul atau salah. Jangan mengambil masa yang terlalu lama untuk mana-mana kenyataan.',
    answers: [
      { label: 'Tidak langsung menggambarkan keadaan saya', description: 'Tidak pernah' },
      { label: 'Sedikit atau jarang-jarang menggambarkan keadaan saya', description: 'Kadang-kadang' },
      { label: 'Banyak atau kerap kali menggambarkan keadaan saya', description: 'Kerap' },
      { label: 'Sangat banyak atau sangat kerap menggambarkan keadaan saya', description: 'Hampir selalu' },
    ],
    categories: {
      depression: 'Kemurungan',
      anxiety: 'Kebimbangan',
      stress: 'Tekanan',
    },
    items: {
      q1: 'Saya dapati diri saya sukar ditenteramkan',
      q2: 'Saya sedar mulut saya terasa kering',
      q3: 'Saya tidak dapat mengalami perasaan positif sama sekali',
      q4: 'Saya mengalami kesukaran bernafas (contohnya pernafasan yang laju, tercungap-cungap walaupun tidak melakukan senaman fizikal)',
      q5: 'Saya sukar untuk mendapatkan semangat bagi melakukan sesuatu perkara',
      q6: 'Saya cenderung untuk bertindak keterlaluan dalam sesuatu keadaan',
      q7: 'Saya rasa menggeletar (contohnya pada tangan)',
      q8: 'Saya rasa saya menggunakan banyak tenaga dalam keadaan cemas',
      q9: 'Saya bimbang keadaan di mana saya mungkin menjadi panik dan melakukan perkara yang memperbodohkan diri sendiri',
      q10: 'Saya rasa saya tidak mempunyai apa-apa untuk diharapkan',
      q11: 'Saya dapati diri saya semakin gelisah',
      q12: 'Saya rasa sukar untuk relaks',
      q13: 'Saya rasa sedih dan murung',
      q14: 'Saya tidak dapat menahan sabar dengan perkara yang menghalang saya meneruskan apa yang saya lakukan',
      q15: 'Saya rasa hampir-hampir menjadi panik',
      q16: 'Saya tidak bersemangat dengan apa jua yang saya lakukan',
      q17: 'Saya rasa tidak begitu berharga sebagai seorang individu',
      q18: 'Saya rasa yang saya mudah tersentuh',
      q19: 'Saya sedar tindak balas jantung saya walaupun tidak melakukan aktiviti fizikal (contohnya kadar denyutan jantung bertambah, denyutan jantung berhenti seketika)',
      q20: 'Saya rasa takut tanpa sebab yang munasabah',
      q21: 'Saya rasa hidup ini tidak bermakna',
    },
    followUpIntro:
      'Ingin berkongsi sedikit lagi? Ini pilihan sahaja, dan jawapan anda membantu profesional yang menyemak keputusan anda.',
    followUps: {
      'q1-1': 'Apakah yang biasanya menyukarkan anda untuk bertenang: kerja, pelajaran, keluarga, kewangan atau perkara lain?',
      'q1-2': 'Apakah yang anda lakukan sekarang untuk menenangkan diri, dan sejauh manakah ia membantu?',
      'q3-1': 'Bilakah kali terakhir anda merasai perasaan positif, walaupun sedikit? Apakah yang berlaku ketika itu?',
      'q3-2': 'Adakah aktiviti yang dahulunya anda gemari tetapi kini tidak lagi memberi kepuasan? Aktiviti apakah itu?',
      'q4-1': 'Dalam situasi apakah kesukaran bernafas ini biasanya berlaku?',
      'q4-2': 'Pernahkah anda berjumpa doktor tentang simptom fizikal ini? Apakah kata doktor?',
      'q6-1': 'Boleh anda ceritakan satu situasi baru-baru ini di mana anda rasa anda bertindak keterlaluan?',
      'q6-2': 'Bagaimanakah perkara ini menjejaskan hubungan anda di rumah, di tempat kerja atau di sekolah?',
      'q9-1': 'Situasi yang bagaimanakah paling membimbangkan anda?',
      'q9-2': 'Adakah anda mula mengelak tempat atau aktiviti tertentu kerana kebimbangan ini?',
      'q12-1': 'Bagaimanakah kesukaran untuk relaks menjejaskan tidur atau kesihatan anda?',
      'q12-2': 'Bilakah kali terakhir anda benar-benar berasa tenang, dan apakah yang anda lakukan ketika itu?',
      'q13-1': 'Adakah perkara tertentu yang seolah-olah mencetuskan rasa sedih dan murung ini?',
      'q13-2': 'Bagaimanakah perasaan ini menjejaskan kehidupan harian anda, seperti tidur, selera makan, kerja atau pelajaran?',
      'q17-1': 'Apakah yang terlintas di fikiran anda apabila anda berasa begini tentang diri sendiri?',
      'q17-2': 'Adakah sesuatu berlaku baru-baru ini, seperti kegagalan atau hubungan yang sukar, yang membuatkan anda berasa begini?',
      'q20-1': 'Boleh anda ceritakan apa yang berlaku pada badan dan fikiran anda apabila anda berasa takut begini?',
      'q20-2': 'Apakah yang membantu anda berasa lebih tenang apabila perkara ini berlaku, jika ada?',
      'q21-1': 'Sudah berapa lama anda berasa bahawa hidup ini tidak bermakna?',
      'q21-2': 'Adakah sesuatu atau seseorang yang masih penting bagi anda atau memberi anda sebab untuk terus bertahan?',
      'depression-generic': 'Adakah anda ingin berkongsi lebih lanjut tentang perkara yang membuatkan anda berasa begini?',
      'anxiety-generic': 'Adakah anda ingin berkongsi lebih lanjut tentang perkara yang membuatkan anda berasa cemas atau resah?',
      'stress-generic': 'Adakah anda ingin berkongsi perkara yang paling menyebabkan anda tertekan kebelakangan ini?',
    },
  },
  combined: {
    instructions: {
      yesno: 'Sila jawab Ya atau Tidak bagi tempoh sebulan yang lalu.',
      frequency: 'Dalam tempoh 2 minggu yang lalu, berapa kerapkah anda terganggu oleh mana-mana masalah berikut?',
    },
    categories: {
      whooley: 'Saringan Kemurungan',
      phq9: 'PHQ-9',
      gad7: 'GAD-7',
    },
    responses: {
      yes: 'Ya',
      no: 'Tidak',
      notAtAll: 'Tidak langsung',
      severalDays: 'Beberapa hari',
      moreThanHalfTheDays: 'Lebih daripada separuh bilangan hari',
      nearlyEveryDay: 'Hampir setiap hari',
    },
    items: {
      q1: 'Sepanjang bulan lalu, adakah anda sering terganggu oleh perasaan sedih, murung atau putus harapan?',
      q2: 'Sepanjang bulan lalu, adakah anda sering terganggu kerana kurang berminat atau tidak berasa seronok melakukan sesuatu?',
      q3: 'Kurang berminat atau tidak berasa seronok melakukan sesuatu',
      q4: 'Berasa sedih, murung atau putus harapan',
      q5: 'Sukar untuk tidur atau tidak lena tidur, atau tidur terlalu banyak',
      q6: 'Berasa letih atau kurang tenaga',
      q7: 'Kurang selera makan atau makan berlebihan',
      q8: 'Berasa buruk tentang diri sendiri, atau berasa diri seorang yang gagal atau telah mengecewakan diri sendiri atau keluarga',
      q9: 'Sukar menumpukan perhatian, contohnya semasa membaca surat khabar atau menonton televisyen',
      q10: 'Bergerak atau bercakap terlalu perlahan sehingga disedari orang lain, atau sebaliknya: terlalu resah atau gelisah sehingga anda lebih banyak bergerak daripada biasa',
      q11: 'Terfikir bahawa lebih baik anda mati, atau terfikir untuk mencederakan diri sendiri dengan apa-apa cara',
      q12: 'Berasa gementar, cemas atau resah',
      q13: 'Tidak dapat berhenti atau mengawal rasa bimbang',
      q14: 'Terlalu bimbang tentang pelbagai perkara',
      q15: 'Sukar untuk bertenang',
      q16: 'Terlalu gelisah sehingga sukar untuk duduk diam',
      q17: 'Mudah berasa jengkel atau cepat marah',
      q18: 'Berasa takut seolah-olah sesuatu yang buruk akan berlaku',
    },
  },
  levels: {
    normal: 'Normal',
    mild: 'Ringan',
    moderate: 'Sederhana',
    severe: 'Teruk',
    extremelySevere: 'Sangat Teruk',
    minimal: 'Minimum',
    moderatelySevere: 'Sederhana Teruk',
    positive: 'Positif',
    negative: 'Negatif',
  },
  crisis: {
    title: 'Anda tidak keseorangan',
    message:
      'Sebahagian jawapan anda menunjukkan anda mungkin sedang melalui masa yang sangat sukar. Jika anda terfikir untuk mencederakan diri atau berasa tidak selamat, sila dapatkan bantuan sekarang. Berbual dengan seseorang boleh membantu.',
    close: 'Tutup',
    alternativePhone: 'atau {number} dari telefon bimbit',
    whatsApp: 'WhatsApp: {number}',
    resources: {
      emergency: {
        name: 'Perkhidmatan kecemasan (polis, ambulans, bomba)',
        description: 'Jika anda atau orang lain berada dalam bahaya segera.',
      },
      talianHeal: {
        name: 'Talian HEAL',
        description: 'Talian sokongan kesihatan mental Kementerian Kesihatan Malaysia.',
      },
      talianKasih: {
        name: 'Talian Kasih',
        description: 'Talian bantuan 24 jam untuk sesiapa yang menghadapi penderaan, masalah keluarga atau krisis emosi.',
      },
      befrienders: {
        name: 'Befrienders Kuala Lumpur',
        description:
          'Sokongan emosi secara sulit, 24 jam sehari, untuk sesiapa yang berasa tertekan atau terfikir untuk membunuh diri.',
      },
      samaritans: {
        name: 'Samaritans (UK dan Ireland)',
        description: 'Talian pendengar percuma 24 jam jika anda berada di UK atau Ireland.',
      },
    },
  },
} satisfies NamespaceAssessmentTranslation;

export default ms_assessment;
