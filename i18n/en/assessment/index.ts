import type { BaseTranslation } from '../../i18n-types';
import type {
  CombinedCategory,
  CombinedQuestionKey,
  CombinedResponseKey,
  Gad7Level,
  Phq9Level,
  WhooleyLevel,
} from '../../../domain/combined';
import type { CrisisResourceId } from '../../../domain/crisis';
import type { Dass21Category, Dass21Level, Dass21QuestionKey } from '../../../domain/dass21';
import type { Dass21FollowUpId } from '../../../domain/dass21-follow-ups';

// The questionnaire's texts: questions, answers, levels and crisis lines. The screener fetches them
// while its consent step shows; the server's insights read the levels, lines and follow-ups.
// Keys mirror the domain ids so the UI can index with them; `satisfies` keeps both in step.
// Multi-line texts are bullet lines separated by '\n', the format operators use for custom texts.
const en_assessment = {
  dass21: {
    instructions:
      'Please read each statement and choose the answer that shows how much it applied to you over the past week. There are no right or wrong answers. Do not spend too much time on any statement.',
    // Indexed by the answer's score, 0-3.
    answers: [
      { label: 'Did not apply to me at all', description: 'Never' },
      { label: 'Applied to me to some degree, or some of the time', description: 'Sometimes' },
      { label: 'Applied to me to a considerable degree or a good part of time', description: 'Often' },
      { label: 'Applied to me very much or most of the time', description: 'Almost always' },
    ],
    categories: {
      depression: 'Depression',
      anxiety: 'Anxiety',
      stress: 'Stress',
    } satisfies Record<Dass21Category, string>,
    items: {
      q1: 'I found it hard to wind down',
      q2: 'I was aware of dryness of my mouth',
      q3: "I couldn't seem to experience any positive feeling at all",
      q4: 'I experienced breathing difficulty (e.g. excessively rapid breathing, breathlessness in the absence of physical exertion)',
      q5: 'I found it difficult to work up the initiative to do things',
      q6: 'I tended to over-react to situations',
      q7: 'I experienced trembling (e.g. in the hands)',
      q8: 'I felt that I was using a lot of nervous energy',
      q9: 'I was worried about situations in which I might panic and make a fool of myself',
      q10: 'I felt that I had nothing to look forward to',
      q11: 'I found myself getting agitated',
      q12: 'I found it difficult to relax',
      q13: 'I felt down-hearted and blue',
      q14: 'I was intolerant of anything that kept me from getting on with what I was doing',
      q15: 'I felt I was close to panic',
      q16: 'I was unable to become enthusiastic about anything',
      q17: "I felt I wasn't worth much as a person",
      q18: 'I felt that I was rather touchy',
      q19: 'I was aware of the action of my heart in the absence of physical exertion (e.g. sense of heart rate increase, heart missing a beat)',
      q20: 'I felt scared without any good reason',
      q21: 'I felt that life was meaningless',
    } satisfies Record<Dass21QuestionKey, string>,
    followUpIntro:
      'Would you like to tell us a little more? This is optional. Your answer shapes your wellbeing tips, and the professional who reviews your results reads it only if you choose to share your results when you book.',
    followUps: {
      'q1-1': 'What usually keeps you from winding down: work, studies, family, money or something else?',
      'q1-2': 'What do you do now to unwind, and how well does it work for you?',
      'q3-1': 'When did you last notice a positive feeling, even a small one? What was happening then?',
      'q3-2': 'Are there activities you used to enjoy that no longer feel rewarding? Which ones?',
      'q4-1': 'In what situations does the breathing difficulty usually happen?',
      'q4-2': 'Have you seen a doctor about these physical symptoms? What did they say?',
      'q6-1': 'Can you describe a recent situation where you felt you over-reacted?',
      'q6-2': 'How has this affected your relationships at home, at work or at school?',
      'q9-1': 'What kinds of situations worry you the most?',
      'q9-2': 'Have you started avoiding any places or activities because of this worry?',
      'q12-1': 'How has finding it hard to relax affected your sleep or your health?',
      'q12-2': 'When did you last feel truly relaxed, and what were you doing?',
      'q13-1': 'Is there anything in particular that seems to bring on these low moods?',
      'q13-2': 'How have these feelings affected your daily life, such as sleep, appetite, work or studies?',
      'q17-1': 'What thoughts go through your mind when you feel this way about yourself?',
      'q17-2': 'Has something happened recently, such as a setback or a difficult relationship, that made you feel this way?',
      'q20-1': 'Can you describe what happens in your body and your thoughts when you feel scared like this?',
      'q20-2': 'What, if anything, helps you feel calmer when it happens?',
      'q21-1': 'How long have you been feeling that life is meaningless?',
      'q21-2': 'Is there anything or anyone that still matters to you or gives you a reason to keep going?',
      'depression-generic': 'Would you like to share more about what has been making you feel this way?',
      'anxiety-generic': 'Would you like to tell us more about what has been making you feel anxious or on edge?',
      'stress-generic': 'Would you like to share what has been causing you the most stress lately?',
    } satisfies Record<Dass21FollowUpId, string>,
  },
  combined: {
    // Keyed by the question's response type: Whooley asks about the past month, PHQ-9 and GAD-7 about 2 weeks.
    instructions: {
      yesno: 'Please answer Yes or No for the past month.',
      frequency: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
    },
    categories: {
      whooley: 'Depression Screening',
      phq9: 'PHQ-9',
      gad7: 'GAD-7',
    } satisfies Record<CombinedCategory, string>,
    responses: {
      yes: 'Yes',
      no: 'No',
      notAtAll: 'Not at all',
      severalDays: 'Several days',
      moreThanHalfTheDays: 'More than half the days',
      nearlyEveryDay: 'Nearly every day',
    } satisfies Record<CombinedResponseKey, string>,
    items: {
      q1: 'During the past month, have you often been bothered by feeling down, depressed or hopeless?',
      q2: 'During the past month, have you often been bothered by having little interest or pleasure in doing things?',
      q3: 'Little interest or pleasure in doing things',
      q4: 'Feeling down, depressed, or hopeless',
      q5: 'Trouble falling or staying asleep, or sleeping too much',
      q6: 'Feeling tired or having little energy',
      q7: 'Poor appetite or overeating',
      q8: 'Feeling bad about yourself, or that you are a failure or have let yourself or your family down',
      q9: 'Trouble concentrating on things, such as reading the newspaper or watching television',
      q10: 'Moving or speaking so slowly that other people could have noticed, or the opposite: being so fidgety or restless that you have been moving around a lot more than usual',
      q11: 'Thoughts that you would be better off dead, or of hurting yourself in some way',
      q12: 'Feeling nervous, anxious, or on edge',
      q13: 'Not being able to stop or control worrying',
      q14: 'Worrying too much about different things',
      q15: 'Trouble relaxing',
      q16: 'Being so restless that it is hard to sit still',
      q17: 'Becoming easily annoyed or irritable',
      q18: 'Feeling afraid, as if something awful might happen',
    } satisfies Record<CombinedQuestionKey, string>,
  },
  levels: {
    normal: 'Normal',
    mild: 'Mild',
    moderate: 'Moderate',
    severe: 'Severe',
    extremelySevere: 'Extremely Severe',
    minimal: 'Minimal',
    moderatelySevere: 'Moderately Severe',
    positive: 'Positive',
    negative: 'Negative',
  } satisfies Record<Dass21Level | Phq9Level | Gad7Level | WhooleyLevel, string>,
  crisis: {
    title: 'You are not alone',
    message:
      'Some of your answers suggest you may be going through a very difficult time. If you are thinking about harming yourself or feel unsafe, please reach out for help now. Talking to someone can help.',
    close: 'Close',
    helpNow: 'If you feel unsafe or are thinking about harming yourself, please reach out now. Talking to someone can help.',
    alternativePhone: 'or {number:string} from a mobile phone',
    whatsApp: 'WhatsApp: {number:string}',
    clinicContact: 'This clinic’s own contact. For an emergency, call 999.',
    resources: {
      emergency: {
        name: 'Emergency services (police, ambulance, fire)',
        description: 'If you or someone else is in immediate danger.',
      },
      talianHeal: {
        name: 'Talian HEAL',
        description: 'Mental health support line of the Ministry of Health Malaysia.',
      },
      talianKasih: {
        name: 'Talian Kasih',
        description: '24-hour helpline for anyone facing abuse, family problems or an emotional crisis.',
      },
      befrienders: {
        name: 'Befrienders Kuala Lumpur',
        description: 'Confidential emotional support, 24 hours a day, for anyone feeling distressed or suicidal.',
      },
    } satisfies Record<CrisisResourceId, unknown>,
  },
} satisfies BaseTranslation;

export default en_assessment;
