import type { BaseTranslation } from '../../i18n-types';

const en_landing = {
  heroTitle: 'Mental Health Screening Made Simple',
  heroText:
    'Anonymous, evidence-based self-screening in English and Malay, with instant insights and easy booking with a professional.',
  heroCta: 'Try the sample test',
  whatTitle: 'What is this tool?',
  whatText:
    'Minda lets clinics, centres and psychologists offer a short, anonymous wellbeing check on their own website. Visitors answer validated questionnaires, see their scores explained in plain language, get wellbeing tips, and can book a session with a professional.',
  note: 'Note: This tool is for self-reflection and awareness only. It is not a diagnostic tool. A qualified professional will review your results and guide you forward.',
  testsTitle: 'Tests Available',
  questionCount: '{count:number} {{question|questions}}',
  tests: {
    dass21: { name: 'DASS-21', description: 'Depression, anxiety and stress over the past week.' },
    whooley: { name: 'Whooley Questions', description: 'Two quick questions that screen for depression.' },
    phq9: { name: 'PHQ-9', description: 'How often low mood and related problems bothered you in the last 2 weeks.' },
    gad7: { name: 'GAD-7', description: 'How often worry and anxiety bothered you in the last 2 weeks.' },
  },
  tipsTitle: 'AI-Powered Wellbeing Tips',
  tips: {
    personalized: {
      title: 'Personalized Suggestions',
      text: 'Practical ideas shaped by your own scores, in your language.',
    },
    nextSteps: {
      title: 'Recommended Next Steps',
      text: 'Clear guidance on when and how to reach out for professional support.',
    },
    resources: {
      title: 'Resources & Coping Strategies',
      text: 'Helplines and everyday coping techniques you can start using today.',
    },
  },
  howTitle: 'How it Works',
  steps: {
    test: { title: 'Take a quick test', text: 'Answer a few short questions anonymously.' },
    insights: { title: 'Get instant AI insights', text: 'See your scores, what they mean and a wellbeing plan.' },
    book: { title: 'Book an appointment', text: 'Choose a psychologist and a time that suits you.' },
  },
  pricingTitle: 'Simple, Transparent Pricing',
  getStarted: 'Get Started Now',
  tryTitle: 'Try It Now – Sample Test',
  tryText: 'Takes under 2 minutes. No sign-up needed.',
  tryButton: 'Start the sample test',
} satisfies BaseTranslation;

export default en_landing;
