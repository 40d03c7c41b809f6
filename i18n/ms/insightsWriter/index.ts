import type { NamespaceInsightsWriterTranslation } from '../../i18n-types';

const ms_insightsWriter = {
  opening: {
    severe:
      'Terima kasih kerana meluangkan masa untuk menyemak keadaan diri anda. Jawapan anda menunjukkan anda sedang melalui masa yang sukar, dan anda berhak mendapat sokongan.',
    moderate:
      'Terima kasih kerana meluangkan masa untuk menyemak keadaan diri anda. Jawapan anda menunjukkan anda sedang menanggung tekanan yang agak ketara pada masa ini.',
    mild: 'Terima kasih kerana meluangkan masa untuk menyemak keadaan diri anda. Jawapan anda menunjukkan sedikit tanda tekanan, sesuatu yang dialami ramai orang dari semasa ke semasa.',
    normal:
      'Terima kasih kerana meluangkan masa untuk menyemak keadaan diri anda. Jawapan anda berada dalam julat normal, satu petanda baik bagi kesejahteraan anda sekarang.',
  },
  scale: '{name} {score} daripada {max} ({level})',
  scaleNames: {
    depression: 'kemurungan',
    anxiety: 'kebimbangan',
    stress: 'tekanan',
    whooley: 'Whooley',
    phq9: 'PHQ-9',
    gad7: 'GAD-7',
  },
  dass21Scores: 'Sepanjang minggu lepas, skor anda ialah {scales}.',
  combinedScores: 'Skor anda ialah {scales}.',
  notDiagnosis:
    'Keputusan ini datang daripada saringan kendiri dan bukan satu diagnosis; seorang profesional yang bertauliah boleh membantu anda memahaminya.',
  nextStep: {
    priority:
      'Sila aturkan untuk berjumpa ahli psikologi, kaunselor atau doktor dalam beberapa hari ini. Anda boleh menempah sesi di bahagian di bawah, atau pergi ke klinik kesihatan.',
    guidance:
      'Berbincang dengan ahli psikologi atau kaunselor boleh membantu anda memahami perasaan anda dan mencari cara untuk meringankannya. Anda boleh menempah sesi di bawah.',
    maintenance:
      'Teruskan perkara yang membantu anda, dan semak semula keadaan diri anda jika ada perubahan. Seorang profesional sentiasa ada jika anda ingin berbual.',
  },
  copingIdea: {
    depression:
      'Perasaan murung selalunya berkurang sedikit dengan langkah kecil: lakukan satu perkara yang pernah anda nikmati setiap hari, walaupun sekejap, dan beritahu seseorang yang anda percayai tentang keadaan anda.',
    anxiety:
      'Apabila rasa bimbang memuncak, berhenti seketika dan bernafas perlahan-lahan, tarik nafas selama 4 kiraan dan hembus selama 6, kemudian namakan lima benda yang anda nampak di sekeliling untuk kembali ke saat ini.',
    stress:
      'Tekanan terasa lebih ringan apabila bebannya dikongsi: senaraikan tugasan anda, pilih satu atau dua perkara yang paling penting hari ini, dan minta bantuan untuk selebihnya.',
  },
  basics:
    'Tidur dan makan yang teratur, cahaya matahari dan pergerakan badan memberi kesan sebenar kepada emosi dan rasa bimbang; mulakan dengan yang paling mudah bagi anda.',
  supportLine:
    'Jika anda perlukan seseorang untuk berbual, {heal} ({healNumber}) menawarkan sokongan percuma dan sulit daripada Kementerian Kesihatan.',
  crisis:
    'Jika anda dalam bahaya atau terfikir untuk mencederakan diri, hubungi {emergencyNumber} (atau {alternativeNumber} dari telefon bimbit) sekarang. Anda juga boleh menghubungi {helplines}, dan sila berjumpa profesional kesihatan mental secepat mungkin.',
} satisfies NamespaceInsightsWriterTranslation;

export default ms_insightsWriter;
