import { describe, expect, it } from 'vitest';
import { needPerDay, needText, nextMilestoneTarget } from '../../functions/domain/campaigns/browse';

const GOAL = 500_000;
const INC = 1_000_000;

describe('"Needs it most": what a campaign needs per remaining day to reach its next milestone', () => {
  it.each([
    // name, raised, goal, daysLeft, ended → per day (cents), days, target, text
    [
      "the issue's example: $360 short, 8 days after today",
      464_000,
      GOAL,
      8,
      false,
      4_000,
      9,
      GOAL,
      '$40 a day for 9 days reaches the goal',
    ],
    [
      'nothing raised, 29 days after today',
      0,
      GOAL,
      29,
      false,
      16_667,
      30,
      GOAL,
      '$167 a day for 30 days reaches the goal',
    ],
    ['ending today: what is left, today', 450_000, GOAL, 0, false, 50_000, 1, GOAL, '$500 today reaches the goal'],
    [
      'one cent short, ending tomorrow: rounded up',
      GOAL - 1,
      GOAL,
      1,
      false,
      1,
      2,
      GOAL,
      '$1 a day for 2 days reaches the goal',
    ],
    [
      'exactly at its goal: the next milestone is the goal plus one increment',
      GOAL,
      GOAL,
      9,
      false,
      100_000,
      10,
      GOAL + INC,
      '$1,000 a day for 10 days reaches the next milestone',
    ],
    [
      'past its goal: the next milestone above what it raised',
      2_000_000,
      GOAL,
      4,
      false,
      100_000,
      5,
      GOAL + 2 * INC,
      '$1,000 a day for 5 days reaches the next milestone',
    ],
  ] as const)('%s', (_name, raisedCents, goalCents, daysLeft, ended, perDayCents, days, targetCents, text) => {
    const need = needPerDay({ raisedCents, goalCents, incrementCents: INC, daysLeft, ended });
    expect(need).toEqual({ perDayCents, days, targetCents, isGoal: targetCents === goalCents });
    expect(need && needText(need)).toBe(text);
  });

  it('an ended campaign needs nothing and is ranked by nothing', () => {
    expect(needPerDay({ raisedCents: 0, goalCents: GOAL, incrementCents: INC, daysLeft: 0, ended: true })).toBeNull();
  });

  it('ranks the campaign short of more per day first', () => {
    const rows = [
      { id: 'far-off', raisedCents: 0, daysLeft: 59 },
      { id: 'ending-today', raisedCents: 450_000, daysLeft: 0 },
      { id: 'past-goal', raisedCents: 510_000, daysLeft: 29 },
      { id: 'nearly', raisedCents: 490_000, daysLeft: 9 },
    ].map((r) => ({ id: r.id, need: needPerDay({ ...r, goalCents: GOAL, incrementCents: INC, ended: false }) }));
    const ranked = rows.sort((a, b) => (b.need?.perDayCents ?? 0) - (a.need?.perDayCents ?? 0)).map((r) => r.id);
    expect(ranked).toEqual(['ending-today', 'past-goal', 'far-off', 'nearly']);
  });

  it('counts milestones after the goal by the increment', () => {
    expect(nextMilestoneTarget({ raisedCents: 0, goalCents: GOAL, incrementCents: INC })).toBe(GOAL);
    expect(nextMilestoneTarget({ raisedCents: GOAL + INC - 1, goalCents: GOAL, incrementCents: INC })).toBe(GOAL + INC);
    expect(nextMilestoneTarget({ raisedCents: GOAL + INC, goalCents: GOAL, incrementCents: INC })).toBe(GOAL + 2 * INC);
  });
});
