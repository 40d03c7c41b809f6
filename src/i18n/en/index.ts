import type { BaseTranslation } from '../i18n-types';
import { admin } from './admin';
import { assessment } from './assessment';
import { emails } from './emails';

const en = {
  appName: 'Minda',
  admin,
  assessment,
  emails,
  common: {
    dismiss: 'Dismiss',
    adminLogin: 'Admin Login',
    backHome: 'Back to home',
    disclaimer:
      'This tool is for self-reflection and awareness only. It is not a diagnostic tool. A qualified professional will review your results and guide you forward.',
    copyright: '© {year:number} Minda. All rights reserved.',
    footerNotice: 'Minda is a self-screening tool and does not provide a medical diagnosis.',
  },
  landing: {
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
  },
  pricing: {
    planName: 'Minda for Clinics',
    originalPrice: 'RM{price:number}',
    perMonth: 'RM{price:number} / month',
    offerTerms: 'for the first {months:number} months, then RM{then:number} / month',
    countdown: 'Subscribe within {days:number} {{day|days}} to enjoy this price!',
    daysLeft: '{days:number} {{day|days}} left at this price!',
    specialOffer: 'Special launch offer',
    launchPrice: 'Ongoing launch price',
    freeBookings: '{count:number} free bookings, then unlimited after subscription',
    features: {
      screener: 'Branded screener in English and Malay',
      insights: 'AI insights and wellbeing plans for visitors',
      emails: 'E-mail notifications for every booking',
    },
    cancelAnytime: 'Cancel anytime',
  },
  comingSoon: {
    title: 'Coming soon',
    text: 'This page is being built and will be available shortly.',
  },
  notFound: {
    title: '404 Page Not Found',
    hint: 'Did you forget to add the page to the router?',
  },
  screener: {
    loading: 'Loading screener configuration...',
    loadFailed: 'Failed to load screener configuration.',
    loadFailedHint: 'Please try refreshing the page or contact the administrator.',
    beforeWeBegin: 'Before We Begin',
    anonymous: 'Anonymous & Confidential',
    switchLanguage: 'Bahasa Melayu',
    switchLanguageLabel: 'Baca dalam Bahasa Melayu',
    progressLabel: 'Screener progress',
    progress: '{position:number} of {total:number}',
    questionOf: 'Question {position:number} of {total:number}',
    previous: 'Previous',
    next: 'Next',
    complete: 'Complete',
    viewResults: 'View Results',
    loadingQuestion: 'Loading...',
    loadingQuestions: 'Loading questions...',
    noQuestion: 'No question available',
    answerOptions: 'Answer options',
    followUpLabel: 'Your answer (optional)',
    continue: 'Continue',
    skip: 'Skip',
  },
  results: {
    title: 'Your Results',
    disclaimerTitle: 'Medical disclaimer',
    disclaimer:
      'These results come from a self-screening questionnaire. They are not a diagnosis and do not replace an assessment by a qualified professional, who can review your results and guide you forward.',
    outOf: 'out of {max:number}',
    whooley: 'Whooley',
    takeScreenerAgain: 'Take Screener Again',
    takeAssessmentAgain: 'Take Assessment Again',
  },
  insights: {
    title: 'Personalised Insights',
    generating: 'Generating personalized insights...',
    failed: 'Unable to generate personalized analysis at this time.',
    summary: 'Summary',
    recommendations: 'Recommendations',
  },
} satisfies BaseTranslation;

export default en;
