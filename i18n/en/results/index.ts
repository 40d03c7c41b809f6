import type { Dass21Category } from '../../../domain/dass21';
import type { InterpretationTier } from '../../../domain/interpretation';
import type { PlanTier } from '../../../domain/wellbeing-plan';
import type { BaseTranslation } from '../../i18n-types';

// Texts of the results page. They are fetched once the visitor starts
// answering, so the screener's first load carries only what the consent step and questions need.
const en_results = {
  title: 'Your Results',
  disclaimerTitle: 'Medical disclaimer',
  disclaimer:
    'These results come from a self-screening questionnaire. They are not a diagnosis and do not replace an assessment by a qualified professional, who can review your results and guide you forward.',
  outOf: 'out of {max:number}',
  whooley: 'Whooley',
  takeScreenerAgain: 'Take Screener Again',
  takeAssessmentAgain: 'Take Assessment Again',
  interpretation: {
    title: 'What This Means',
    // Each takes the count so the UI can call `interpretation[tier]({ count })` for any tier.
    tiers: {
      severe:
        'Your answers place {count:number} {{area|areas}} in the severe range. We strongly encourage you to speak with a qualified mental health professional soon. You do not have to go through this alone.',
      moderate:
        'Your answers place {count:number} {{area|areas}} in the moderate range. Talking with a mental health professional can help you understand these feelings and find ways to manage them.',
      mild: 'Your answers place {count:number} {{area|areas}} in the mild range. Looking after yourself and keeping an eye on how you feel may help. Reach out for support if things do not improve.',
      normal:
        'Your scores in all {count:number} areas are within the normal range. Keep up the habits that support your wellbeing.',
    } satisfies Record<InterpretationTier, string>,
  },
  printable: {
    open: 'Save or print my results',
    title: 'My screening results',
    date: 'Date: {date:string}',
    scale: 'Scale',
    score: 'Score',
    level: 'Level',
    print: 'Print or save as PDF',
    printHint: 'To keep a PDF, choose “Save as PDF” as the printer.',
    back: 'Back to my results',
    madeHere: 'This copy was made on your device. Nothing in it was stored or sent anywhere.',
  },
  insights: {
    title: 'Personalised Insights',
    generating: 'Generating personalized insights...',
    failed: 'Unable to generate personalized analysis at this time.',
    summary: 'Summary',
    recommendations: 'Recommendations',
  },
  plan: {
    title: 'Your Personalised Wellbeing Plan',
    tiers: {
      priority: {
        title: 'Priority professional support',
        summary:
          'Your results suggest you are carrying a lot right now. Getting support from a qualified professional soon is the most important next step.',
      },
      guidance: {
        title: 'Consider professional guidance',
        summary: 'Your results suggest that talking with a professional could help, alongside the self-care steps below.',
      },
      maintenance: {
        title: 'Maintenance self-care',
        summary: 'Your results suggest your wellbeing is mostly on track. These steps can help you keep it that way.',
      },
    } satisfies Record<PlanTier, unknown>,
    actions: {
      priority: {
        depression: [
          'Book a session with a psychologist or counsellor within the next few days. You can use the booking section on this page.',
          'Tell someone you trust, such as a family member, a close friend or a religious leader, how you have been feeling, so you are not carrying it alone.',
          'If thoughts of harming yourself come up, call Talian HEAL 15555 or Befrienders 03-7627 2929, or go to the nearest hospital emergency department.',
        ],
        anxiety: [
          'Book a session with a psychologist soon. Anxiety at this level usually responds well to professional treatment.',
          'When panic rises, slow your breathing: in for 4 counts, hold for 4, out for 6, and repeat until your body settles.',
          'See a doctor at a klinik kesihatan or your family clinic to rule out physical causes of symptoms such as a racing heart or breathlessness.',
        ],
        stress: [
          'Book a session with a psychologist or counsellor to work out what is overloading you and how to ease it.',
          'Speak to your manager, HR or lecturer about your workload, and ask whether your workplace offers an employee assistance programme.',
          'Protect your sleep: keep a regular bedtime and put your phone away an hour before sleeping.',
        ],
      },
      guidance: {
        depression: [
          'Consider speaking with a counsellor or psychologist. An early conversation can stop a low mood from deepening.',
          'Plan one small, enjoyable activity each day, such as a walk in the park, a favourite meal or a call with a friend.',
          'Spend time outdoors in daylight and move your body for 20 to 30 minutes on most days.',
        ],
        anxiety: [
          'Consider seeing a psychologist to learn practical ways of managing worry.',
          'Set aside 15 minutes a day as "worry time" and write your worries down, so they take up less of the rest of your day.',
          'Cut down on caffeine, such as coffee, teh tarik and energy drinks, especially after midday.',
        ],
        stress: [
          'Consider talking to a counsellor about the pressures you are facing. They can help you focus on what is within your control.',
          'Break big tasks into small steps and write a realistic to-do list for each day.',
          'Take short breaks during the day to stretch, breathe deeply or step outside, even for five minutes.',
        ],
      },
      maintenance: {
        depression: [
          'Keep up the activities and relationships that give you meaning and enjoyment.',
          'Stay in touch with friends and family. A regular meal together or a video call counts.',
          'Watch for early signs of low mood, such as losing interest in things, and reach out early if they appear.',
        ],
        anxiety: [
          'Keep a calming habit you like, such as slow breathing, prayer, stretching or a short walk.',
          'Limit news and social media when you notice they make you tense.',
          'Keep regular sleep and meal times. A steady routine helps keep worry in check.',
        ],
        stress: [
          'Keep a healthy balance between work or study and rest, and protect your days off.',
          'Make time each week for something you enjoy, such as a hobby, sport or time with loved ones.',
          'Stay active: 30 minutes of moderate exercise on most days helps your body cope with stress.',
        ],
      },
    } satisfies Record<PlanTier, Record<Dass21Category, string[]>>,
    retake: 'Take this screener again in {min:number}–{max:number} weeks to see how things are changing.',
    supportLinesTitle: 'If you need someone to talk to right now',
  },
} satisfies BaseTranslation;

export default en_results;
