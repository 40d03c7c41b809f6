import { describe, expect, it } from 'vitest';
import { scrubPersonalDetails as scrub } from './scrub';
import { SCRUB_CORPUS } from './scrub-corpus';

describe('scrubbing personal details from follow-up answers', () => {
  it.each([
    ['an e-mail address', 'email me at siti.aminah+work@gmail.com please', 'email me at [email] please'],
    ['an e-mail address', 'my boss (tan.wm@syarikat.com.my) shouts', 'my boss ([email]) shouts'],
    ['an e-mail address', 'e-mel saya: ahmad_99@yahoo.co.uk.', 'e-mel saya: [email].'],
    ['a MyKad number', 'my IC is 900101-14-5678', 'my IC is [IC number]'],
    ['a MyKad number', 'IC 900101145678 lost', 'IC [IC number] lost'],
    ['a MyKad number', 'no kp 850312 10 5523.', 'no kp [IC number].'],
    ['a phone number', 'call 012-345 6789 anytime', 'call [phone] anytime'],
    ['a phone number', 'hp 0123456789', 'hp [phone]'],
    ['a phone number', '+60 12-345 6789 is mine', '[phone] is mine'],
    ['a phone number', '+6011-2345 6789', '[phone]'],
    ['a 12-digit mobile number without its +, taken for a MyKad', '601123456789', '[IC number]'],
    ['a phone number', 'office 03-7627 2929', 'office [phone]'],
    ['a phone number (and a place, taken for a name)', 'my sister in London: +44 20 7946 0958', 'my sister in [name]: [phone]'],
    ['a phone number', 'US number (415) 555-2671.', 'US number [phone].'],
    ['a phone number', '+1.415.555.2671', '[phone]'],
    ['an introduced name', 'Hi, my name is Aisyah and I cannot sleep', 'Hi, my name is [name] and I cannot sleep'],
    ['an introduced name', 'my name is sarah and I feel tired', 'my name is [name] and I feel tired'],
    ['an introduced name', 'My name is Lim Wei Ming.', 'My name is [name].'],
    ['an introduced name', 'nama saya nurul, saya penat', 'nama saya [name], saya penat'],
    ['an introduced name', 'Nama saya ialah Muhammad Hafiz bin Ismail.', 'Nama saya ialah [name].'],
    ['an introduced name', 'Saya Ahmad dan saya rasa sedih', 'Saya [name] dan saya rasa sedih'],
    ['an introduced name', 'aku Mei Ling, aku takut', 'aku [name], aku takut'],
    ['an introduced name', 'Dr Tan told me to rest', 'Dr [name] told me to rest'],
    ['an introduced name', 'I saw dr. Rajesh a/l Kumar last week', 'I saw dr. [name] last week'],
    ['an introduced name', 'Encik Ali and Puan Siti binti Abdullah at work', 'Encik [name] and Puan [name] at work'],
    ['an introduced name', 'Cik Aina, my lecturer', 'Cik [name], my lecturer'],
    ['an introduced name', 'Datuk Seri? no, Dato\' Lee is my uncle', "Datuk [name]? no, Dato' [name] is my uncle"],
    ['an introduced name', 'I miss Ahmad so much', 'I miss [name] so much'],
  ])('removes %s: %s', (_, text, expected) => {
    expect(scrub(text)).toBe(expected);
  });

  it('removes every kind of detail from one answer and tidies the spacing', () => {
    const text = 'My name is Farah.\n  Reach me on 019-261 5999 or farah@mail.my; IC 020202-10-1234. Puan Lim knows.';
    expect(scrub(text)).toBe('My name is [name]. Reach me on [phone] or [email]; IC [IC number]. Puan [name] knows.');
  });

  it.each([
    'I have been sleeping 4 hours a night for 3 weeks',
    'saya rasa penat dan tidak bermotivasi sejak bulan lepas',
    'Work deadlines at the end of 2024 and my exams',
    'I score 9 out of 10 on worry, maybe 7',
    'My doctor says rest. Saya tidak tahu.',
  ])('leaves ordinary text as written: %s', (text) => {
    expect(scrub(text)).toBe(text);
  });
});

describe('the scrubber on a corpus of follow-up answers', () => {
  const results = SCRUB_CORPUS.map(({ text, details }) => {
    const scrubbed = scrub(text);
    return { text, scrubbed, left: details.filter((detail) => scrubbed.toLowerCase().includes(detail.toLowerCase())), details };
  });

  it('holds at least 60 answers in English and Malay', () => {
    expect(SCRUB_CORPUS.length).toBeGreaterThanOrEqual(60);
  });

  it('removes at least 95 % of the personal details', () => {
    const total = results.reduce((sum, { details }) => sum + details.length, 0);
    const left = results.flatMap(({ scrubbed, left }) => left.map((detail) => `${detail} in: ${scrubbed}`));
    const removedRate = (total - left.length) / total;
    console.info(`scrubber removed ${(removedRate * 100).toFixed(1)} % of ${total} details; left: ${JSON.stringify(left, null, 1)}`);
    expect(removedRate).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps every clinical word of the corpus', () => {
    for (const { text, scrubbed } of results) {
      for (const word of CLINICAL_WORDS.filter((clinical) => new RegExp(`\\b${clinical}\\b`, 'i').test(text))) {
        expect(scrubbed.toLowerCase(), text).toContain(word);
      }
    }
  });
});

const CLINICAL_WORDS = [
  'anxious', 'anxiety', 'sleep', 'panic', 'tired', 'sad', 'hopeless', 'lonely', 'worried', 'cry', 'stress',
  'cemas', 'tidur', 'murung', 'risau', 'sedih', 'penat', 'marah', 'tertekan', 'sakit', 'bising',
];

describe('clinical words', () => {
  it.each([
    'Anxious, Panic, Sleep: these are my problems',
    'I feel Anxious and Sad every Monday',
    'Since Ramadan I Cannot Sleep, I am Tired and Worried',
    'Saya rasa Cemas, Tidur tidak lena, Murung dan Risau',
    'Panic attacks at work. Depression since SPM. Stress from my Boss',
    'Kadang-kadang saya Sedih, Penat dan Marah pada Ibu',
    "I'm Anxious. I'm Tired. I am Lonely",
  ])('survive even when capitalised: %s', (text) => {
    const scrubbed = scrub(text);
    for (const word of ['anxious', 'panic', 'sleep', 'sad', 'tired', 'worried', 'cemas', 'tidur', 'murung', 'risau', 'sedih', 'penat', 'marah', 'depression', 'stress', 'lonely']) {
      if (text.toLowerCase().includes(word)) expect(scrubbed.toLowerCase(), scrubbed).toContain(word);
    }
    expect(scrubbed).not.toContain('[name]');
  });
});
