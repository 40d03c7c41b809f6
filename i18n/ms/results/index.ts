import type { NamespaceResultsTranslation } from '../../i18n-types';

const ms_results = {
  title: 'Keputusan Anda',
  disclaimerTitle: 'Penafian perubatan',
  disclaimer:
    'Keputusan ini diperoleh daripada soal selidik saringan kendiri. Ia bukan diagnosis dan tidak menggantikan penilaian oleh profesional yang bertauliah, yang boleh menyemak keputusan anda dan membimbing anda seterusnya.',
  outOf: 'daripada {max}',
  whooley: 'Whooley',
  takeScreenerAgain: 'Ambil Saringan Semula',
  takeAssessmentAgain: 'Ambil Penilaian Semula',
  interpretation: {
    title: 'Apa Maksudnya',
    // Malay nouns do not change with number, so the plural forms collapse into one.
    tiers: {
      severe:
        'Jawapan anda menunjukkan {count} bidang berada pada tahap teruk. Kami amat menggalakkan anda berbincang dengan profesional kesihatan mental yang bertauliah secepat mungkin. Anda tidak perlu menghadapinya seorang diri.',
      moderate:
        'Jawapan anda menunjukkan {count} bidang berada pada tahap sederhana. Berbincang dengan profesional kesihatan mental boleh membantu anda memahami perasaan ini dan mencari cara untuk mengurusnya.',
      mild: 'Jawapan anda menunjukkan {count} bidang berada pada tahap ringan. Menjaga diri dan memerhatikan perasaan anda mungkin membantu. Dapatkan sokongan jika keadaan tidak bertambah baik.',
      normal:
        'Skor anda dalam kesemua {count} bidang berada dalam julat normal. Teruskan amalan yang menyokong kesejahteraan anda.',
    },
  },
  printable: {
    open: 'Simpan atau cetak keputusan saya',
    title: 'Keputusan saringan saya',
    date: 'Tarikh: {date}',
    scale: 'Skala',
    score: 'Skor',
    level: 'Tahap',
    print: 'Cetak atau simpan sebagai PDF',
    printHint: 'Untuk menyimpan PDF, pilih “Simpan sebagai PDF” sebagai pencetak.',
    back: 'Kembali ke keputusan saya',
    madeHere: 'Salinan ini dibuat pada peranti anda. Tiada apa-apa di dalamnya disimpan atau dihantar ke mana-mana.',
  },
  insights: {
    title: 'Pandangan Peribadi',
    generating: 'Menjana pandangan peribadi...',
    failed: 'Analisis peribadi tidak dapat dijana buat masa ini.',
    summary: 'Ringkasan',
    recommendations: 'Cadangan',
  },
  plan: {
    title: 'Pelan Kesejahteraan Peribadi Anda',
    tiers: {
      priority: {
        title: 'Sokongan profesional diutamakan',
        summary:
          'Keputusan anda menunjukkan anda sedang menanggung beban yang berat sekarang. Mendapatkan sokongan daripada profesional yang bertauliah secepat mungkin ialah langkah seterusnya yang paling penting.',
      },
      guidance: {
        title: 'Pertimbangkan bimbingan profesional',
        summary:
          'Keputusan anda menunjukkan bahawa berbincang dengan profesional boleh membantu, di samping langkah penjagaan diri di bawah.',
      },
      maintenance: {
        title: 'Penjagaan diri berterusan',
        summary:
          'Keputusan anda menunjukkan kesejahteraan anda secara umumnya baik. Langkah-langkah ini boleh membantu anda mengekalkannya.',
      },
    },
    actions: {
      priority: {
        depression: [
          'Tempah sesi dengan ahli psikologi atau kaunselor dalam beberapa hari ini. Anda boleh menggunakan bahagian tempahan di halaman ini.',
          'Ceritakan perasaan anda kepada seseorang yang anda percayai, seperti ahli keluarga, sahabat rapat atau pemimpin agama, supaya anda tidak memikulnya seorang diri.',
          'Jika timbul fikiran untuk mencederakan diri, hubungi Talian HEAL 15555 atau Befrienders 03-7627 2929, atau pergi ke jabatan kecemasan hospital yang terdekat.',
        ],
        anxiety: [
          'Tempah sesi dengan ahli psikologi secepat mungkin. Kebimbangan pada tahap ini biasanya memberi tindak balas yang baik terhadap rawatan profesional.',
          'Apabila rasa panik memuncak, perlahankan pernafasan: tarik nafas dalam kiraan 4, tahan selama 4, hembus dalam kiraan 6, dan ulang sehingga badan anda kembali tenang.',
          'Berjumpa doktor di klinik kesihatan atau klinik keluarga anda untuk memastikan simptom seperti jantung berdebar-debar atau sesak nafas bukan berpunca daripada masalah fizikal.',
        ],
        stress: [
          'Tempah sesi dengan ahli psikologi atau kaunselor untuk mengenal pasti perkara yang membebankan anda dan cara untuk meringankannya.',
          'Bincangkan beban kerja anda dengan pengurus, bahagian sumber manusia atau pensyarah, dan tanyakan sama ada tempat kerja anda menyediakan program bantuan pekerja.',
          'Jaga waktu tidur anda: tidur pada waktu yang tetap dan jauhkan telefon sejam sebelum tidur.',
        ],
      },
      guidance: {
        depression: [
          'Pertimbangkan untuk berbincang dengan kaunselor atau ahli psikologi. Perbincangan awal boleh mengelakkan rasa murung daripada bertambah teruk.',
          'Rancang satu aktiviti kecil yang menyeronokkan setiap hari, seperti berjalan di taman, menikmati makanan kegemaran atau berbual dengan rakan.',
          'Luangkan masa di luar rumah pada waktu siang dan bergerak aktif selama 20 hingga 30 minit pada kebanyakan hari.',
        ],
        anxiety: [
          'Pertimbangkan untuk berjumpa ahli psikologi bagi mempelajari cara praktikal mengurus rasa bimbang.',
          'Peruntukkan 15 minit sehari sebagai "masa untuk bimbang" dan tuliskan kebimbangan anda, supaya ia tidak menguasai sepanjang hari anda.',
          'Kurangkan kafein seperti kopi, teh tarik dan minuman tenaga, terutamanya selepas tengah hari.',
        ],
        stress: [
          'Pertimbangkan untuk berbincang dengan kaunselor tentang tekanan yang anda hadapi. Mereka boleh membantu anda memberi tumpuan kepada perkara yang dalam kawalan anda.',
          'Pecahkan tugasan besar kepada langkah-langkah kecil dan sediakan senarai tugasan yang realistik untuk setiap hari.',
          'Ambil rehat singkat sepanjang hari untuk meregangkan badan, bernafas dalam-dalam atau keluar sebentar, walaupun hanya lima minit.',
        ],
      },
      maintenance: {
        depression: [
          'Teruskan aktiviti dan hubungan yang memberi makna dan keseronokan kepada anda.',
          'Kekal berhubung dengan rakan dan keluarga. Makan bersama secara kerap atau panggilan video pun sudah memadai.',
          'Perhatikan tanda awal kemurungan, seperti hilang minat terhadap sesuatu, dan dapatkan bantuan awal jika tanda itu muncul.',
        ],
        anxiety: [
          'Kekalkan amalan menenangkan yang anda sukai, seperti pernafasan perlahan, berdoa, regangan atau berjalan sebentar.',
          'Hadkan masa membaca berita dan melayari media sosial apabila anda dapati ia membuatkan anda tegang.',
          'Kekalkan waktu tidur dan makan yang teratur. Rutin yang stabil membantu mengawal rasa bimbang.',
        ],
        stress: [
          'Kekalkan keseimbangan yang sihat antara kerja atau pelajaran dengan rehat, dan manfaatkan hari cuti anda untuk berehat.',
          'Luangkan masa setiap minggu untuk perkara yang anda gemari, seperti hobi, sukan atau bersama orang tersayang.',
          'Kekal aktif: senaman sederhana selama 30 minit pada kebanyakan hari membantu badan anda menangani tekanan.',
        ],
      },
    },
    retake: 'Ambil saringan ini sekali lagi dalam tempoh {min}–{max} minggu untuk melihat perubahan keadaan anda.',
    supportLinesTitle: 'Jika anda perlukan seseorang untuk diajak berbual sekarang',
  },
} satisfies NamespaceResultsTranslation;

export default ms_results;
