import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, shot, signInAs, pointerDrag, uniqueEmail } from './support';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAYZklEQVR4nBXZsUsyARjHcYeEEMGGGxJEBB1uUBAJdLhBQSSw4YYEkcCGGxREAh1uUBAJbLhBISSw4QaFkECHGxRCAhu+g4JIoMMNCSGBDQ0ODg1v7/MffODh4Xl+j8Vi4cjCsQW7hRMLgoVTCy4LHgs+C6IFv4WghTMLEQuShaiFuIVzCxcWZAuXFtIWrixcW1As5CwULNxYKFtQLVQs1CzcWrizoFloWri38GDh0YJuoWvhycKzhaEFw8LIwouFVwtvFrAws7Cw8G5hbcG08GHh08KXhW8LPxb2Fg4Wfi1YLFaOrBxbsVs5sSJYObXisuKx4rMiWvFbCVo5sxKxIlmJWolbObdyYUW2cmklbeXKyrUVxUrOSsHKjZWyFdVKxUrNyq2VOyualaaVeysPVh6t6Fa6Vp6sPFsZWjGsjKy8WHm18mYFKzMrCyvvVtZWTCsfVj6tfFn5tvJjZW/lYOXX+gewcWTj2IbdxokNwcapDZcNjw2fDdGG30bQxpmNiA3JRtRG3Ma5jQsbso1LG2kbVzaubSg2cjYKNm5slG2oNio2ajZubdzZ0Gw0bdzbeLDxaEO30bXxZOPZxtCGYWNk48XGq403G9iY2VjYeLextmHa+LDxaePLxreNHxt7Gwcbv7Y/gIMjB8cO7A5OHAgOTh24HHgc+ByIDvwOgg7OHEQcSA6iDuIOzh1cOJAdXDpIO7hycO1AcZBzUHBw46DsQHVQcVBzcOvgzoHmoOng3sGDg0cHuoOugycHzw6GDgwHIwcvDl4dvDnAwczBwsG7g7UD08GHg08HXw6+Hfw42Ds4OPh1/AEEjgSOBewCJwKCwKmAS8Aj4BMQBfwCQYEzgYiAJBAViAucC1wIyAKXAmmBK4FrAUUgJ1AQuBEoC6gCFYGawK3AnYAm0BS4F3gQeBTQBboCTwLPAkMBQ2Ak8CLwKvAmgMBMYCHwLrAWMAU+BD4FvgS+BX4E9gIHgV/hD+DkyMmxE7uTEyeCk1MnLiceJz4nohO/k6CTMycRJ5KTqJO4k3MnF05kJ5dO0k6unFw7UZzknBSc3DgpO1GdVJzUnNw6uXOiOWk6uXfy4OTRie6k6+TJybOToRPDycjJi5NXJ29OcDJzsnDy7mTtxHTy4eTTyZeTbyc/TvZODk5+nX8AN0dujt3Y3Zy4EdycunG58bjxuRHd+N0E3Zy5ibiR3ETdxN2cu7lwI7u5dJN2c+Xm2o3iJuem4ObGTdmN6qbipubm1s2dG81N0829mwc3j250N103T26e3QzdGG5Gbl7cvLp5c4ObmZuFm3c3azemmw83n26+3Hy7+XGzd3Nw8+v+A3g58nLsxe7lxIvg5dSLy4vHi8+L6MXvJejlzEvEi+Ql6iXu5dzLhRfZy6WXtJcrL9deFC85LwUvN17KXlQvFS81L7de7rxoXppe7r08eHn0onvpenny8uxl6MXwMvLy4uXVy5sXvMy8LLy8e1l7Mb18ePn08uXl28uPl72Xg5df7x9A5EjkWMQuciIiiJyKuEQ8Ij4RUcQvEhQ5E4mISCJRkbjIuciFiCxyKZIWuRK5FlFEciIFkRuRsogqUhGpidyK3IloIk2Re5EHkUcRXaQr8iTyLDIUMURGIi8iryJvIojMRBYi7yJrEVPkQ+RT5EvkW+RHZC9yEPkV/wABjgIcB7AHOAkgBDgN4ArgCeALIAbwBwgGOAsQCSAFiAaIBzgPcBFADnAZIB3gKsB1ACVALkAhwE2AcgA1QCVALcBtgLsAWoBmgPsADwEeA+gBugGeAjwHGAYwAowCvAR4DfAWgACzAIsA7wHWAcwAHwE+A3wF+A7wE2Af4BDgN/AHCHEU4jiEPcRJCCHEaQhXCE8IXwgxhD9EMMRZiEgIKUQ0RDzEeYiLEHKIyxDpEFchrkMoIXIhCiFuQpRDqCEqIWohbkPchdBCNEPch3gI8RhCD9EN8RTiOcQwhBFiFOIlxGuItxCEmIVYhHgPsQ5hhvgI8RniK8R3iJ8Q+xCHEL+hP0CYozDHYexhTsIIYU7DuMJ4wvjCiGH8YYJhzsJEwkhhomHiYc7DXISRw1yGSYe5CnMdRgmTC1MIcxOmHEYNUwlTC3Mb5i6MFqYZ5j7MQ5jHMHqYbpinMM9hhmGMMKMwL2Few7yFIcwszCLMe5h1GDPMR5jPMF9hvsP8hNmHOYT5Df8BJI4kjiXsEicSgsSphEvCI+GTECX8EkGJM4mIhCQRlYhLnEtcSMgSlxJpiSuJawlFIidRkLiRKEuoEhWJmsStxJ2EJtGUuJd4kHiU0CW6Ek8SzxJDCUNiJPEi8SrxJoHETGIh8S6xljAlPiQ+Jb4kviV+JPYSB4lf6Q8Q4yjGcQx7jJMYQozTGK4Ynhi+GGIMf4xgjLMYkRhSjGiMeIzzGBcx5BiXMdIxrmJcx1Bi5GIUYtzEKMdQY1Ri1GLcxriLocVoxriP8RDjMYYeoxvjKcZzjGEMI8YoxkuM1xhvMYgxi7GI8R5jHcOM8RHjM8ZXjO8YPzH2MQ4xfmN/gARHCY4T2BOcJBASnCZwJfAk8CUQE/gTBBOcJYgkkBJEE8QTnCe4SCAnuEyQTnCV4DqBkiCXoJDgJkE5gZqgkqCW4DbBXQItQTPBfYKHBI8J9ATdBE8JnhMMExgJRgleErwmeEtAglmCRYL3BOsEZoKPBJ8JvhJ8J/hJsE9wSPCb+AMkOUpynMSe5CSJkOQ0iSuJJ4kviZjEnySY5CxJJImUJJoknuQ8yUUSOcllknSSqyTXSZQkuSSFJDdJyknUJJUktSS3Se6SaEmaSe6TPCR5TKIn6SZ5SvKcZJjESDJK8pLkNclbEpLMkiySvCdZJzGTfCT5TPKV5DvJT5J9kkOS3+QfQOZI5ljGLnMiI8icyrhkPDI+GVHGLxOUOZOJyEgyUZm4zLnMhYwscymTlrmSuZZRZHIyBZkbmbKMKlORqcncytzJaDJNmXuZB5lHGV2mK/Mk8ywzlDFkRjIvMq8ybzLIzGQWMu8yaxlT5kPmU+ZL5lvmR2Yvc5D5lf8AKY5SHKewpzhJIaQ4TeFK4UnhSyGm8KcIpjhLEUkhpYimiKc4T3GRQk5xmSKd4irFdQolRS5FIcVNinIKNUUlRS3FbYq7FFqKZor7FA8pHlPoKbopnlI8pximMFKMUrykeE3xloIUsxSLFO8p1inMFB8pPlN8pfhO8ZNin+KQ4jf1B8hwlOE4gz3DSQYhw2kGVwZPBl8GMYM/QzDDWYZIBilDNEM8w3mGiwxyhssM6QxXGa4zKBlyGQoZbjKUM6gZKhlqGW4z3GXQMjQz3Gd4yPCYQc/QzfCU4TnDMIORYZThJcNrhrcMZJhlWGR4z7DOYGb4yPCZ4SvDd4afDPsMhwy/mT9AlqMsx1nsWU6yCFlOs7iyeLL4sohZ/FmCWc6yRLJIWaJZ4lnOs1xkkbNcZklnucpynUXJkstSyHKTpZxFzVLJUstym+Uui5almeU+y0OWxyx6lm6WpyzPWYZZjCyjLC9ZXrO8ZSHLLMsiy3uWdRYzy0eWzyxfWb6z/GTZZzlk+c3+ARSOFI4V7AonCoLCqYJLwaPgUxAV/ApBhTOFiIKkEFWIK5wrXCjICpcKaYUrhWsFRSGnUFC4USgrqAoVhZrCrcKdgqbQVLhXeFB4VNAVugpPCs8KQwVDYaTwovCq8KaAwkxhofCusFYwFT4UPhW+FL4VfhT2CgeFX+UPkOcoz3Eee56TPEKe0zyuPJ48vjxiHn+eYJ6zPJE8Up5onnie8zwXeeQ8l3nSea7yXOdR8uTyFPLc5CnnUfNU8tTy3Oa5y6Plaea5z/OQ5zGPnqeb5ynPc55hHiPPKM9Lntc8b3nIM8uzyPOeZ53HzPOR5zPPV57vPD959nkOeX7zf4AiR0WOi9iLnBQRipwWcRXxFPEVEYv4iwSLnBWJFJGKRIvEi5wXuSgiF7kski5yVeS6iFIkV6RQ5KZIuYhapFKkVuS2yF0RrUizyH2RhyKPRfQi3SJPRZ6LDIsYRUZFXoq8FnkrQpFZkUWR9yLrImaRjyKfRb6KfBf5KbIvcijyW/wDlDgqcVzCXuKkhFDitISrhKeEr4RYwl8iWOKsRKSEVCJaIl7ivMRFCbnEZYl0iasS1yWUErkShRI3Jcol1BKVErUStyXuSmglmiXuSzyUeCyhl+iWeCrxXGJYwigxKvFS4rXEWwlKzEosSryXWJcwS3yU+CzxVeK7xE+JfYlDid/SH0DlSOVYxa5yoiKonKq4VDwqPhVRxa8SVDlTiahIKlGVuMq5yoWKrHKpkla5UrlWUVRyKgWVG5WyiqpSUamp3KrcqWgqTZV7lQeVRxVdpavypPKsMlQxVEYqLyqvKm8qqMxUFirvKmsVU+VD5VPlS+Vb5Udlr3JQ+VX/AFWOqhxXsVc5qSJUOa3iquKp4qsiVvFXCVY5qxKpIlWJVolXOa9yUUWuclklXeWqynUVpUquSqHKTZVyFbVKpUqtym2VuypalWaV+yoPVR6r6FW6VZ6qPFcZVjGqjKq8VHmt8laFKrMqiyrvVdZVzCofVT6rfFX5rvJTZV/lUOW3+geoc1TnuI69zkkdoc5pHVcdTx1fHbGOv06wzlmdSB2pTrROvM55nYs6cp3LOuk6V3Wu6yh1cnUKdW7qlOuodSp1anVu69zV0eo069zXeajzWEev063zVOe5zrCOUWdU56XOa523OtSZ1VnUea+zrmPW+ajzWeerznednzr7Ooc6v/U/QIOjBscN7A1OGggNThu4Gnga+BqIDfwNgg3OGkQaSA2iDeINzhtcNJAbXDZIN7hqcN1AaZBrUGhw06DcQG1QaVBrcNvgroHWoNngvsFDg8cGeoNug6cGzw2GDYwGowYvDV4bvDWgwazBosF7g3UDs8FHg88GXw2+G/w02Dc4NPht/AE0jjSONewaJxqCxqmGS8Oj4dMQNfwaQY0zjYiGpBHViGuca1xoyBqXGmmNK41rDUUjp1HQuNEoa6gaFY2axq3GnYam0dS413jQeNTQNboaTxrPGkMNQ2Ok8aLxqvGmgcZMY6HxrrHWMDU+ND41vjS+NX409hoHjV/tD9DiqMVxC3uLkxZCi9MWrhaeFr4WYgt/i2CLsxaRFlKLaIt4i/MWFy3kFpct0i2uWly3UFrkWhRa3LQot1BbVFrUWty2uGuhtWi2uG/x0OKxhd6i2+KpxXOLYQujxajFS4vXFm8taDFrsWjx3mLdwmzx0eKzxVeL7xY/LfYtDi1+W3+ANkdtjtvY25y0EdqctnG18bTxtRHb+NsE25y1ibSR2kTbxNuct7loI7e5bJNuc9Xmuo3SJtem0OamTbmN2qbSptbmts1dG61Ns819m4c2j230Nt02T22e2wzbGG1GbV7avLZ5a0ObWZtFm/c26zZmm482n22+2ny3+Wmzb3No89v+A3Q46nDcwd7hpIPQ4bSDq4Ong6+D2MHfIdjhrEOkg9Qh2iHe4bzDRQe5w2WHdIerDtcdlA65DoUONx3KHdQOlQ61Drcd7jpoHZod7js8dHjsoHfodnjq8Nxh2MHoMOrw0uG1w1sHOsw6LDq8d1h3MDt8dPjs8NXhu8NPh32HQ4ffzh9A50jnWMeuc6Ij6JzquHQ8Oj4dUcevE9Q504noSDpRnbjOuc6FjqxzqZPWudK51lF0cjoFnRudso6qU9Gp6dzq3OloOk2de50HnUcdXaer86TzrDPUMXRGOi86rzpvOujMdBY67zprHVPnQ+dT50vnW+dHZ69z0PnV/wA9jnoc97D3OOkh9Djt4erh6eHrIfbw9wj2OOsR6SH1iPaI9zjvcdFD7nHZI93jqsd1D6VHrkehx02Pcg+1R6VHrcdtj7seWo9mj/seDz0ee+g9uj2eejz3GPYweox6vPR47fHWgx6zHose7z3WPcweHz0+e3z1+O7x02Pf49Djt/cH6HPU57iPvc9JH6HPaR9XH08fXx+xj79PsM9Zn0gfqU+0T7zPeZ+LPnKfyz7pPld9rvsofXJ9Cn1u+pT7qH0qfWp9bvvc9dH6NPvc93no89hH79Pt89Tnuc+wj9Fn1Oelz2uftz70mfVZ9Hnvs+5j9vno89nnq893n58++z6HPr/9P8CAowHHA+wDTgYIA04HuAZ4BvgGiAP8A4IDzgZEBkgDogPiA84HXAyQB1wOSA+4GnA9QBmQG1AYcDOgPEAdUBlQG3A74G6ANqA54H7Aw4DHAfqA7oCnAc8DhgOMAaMBLwNeB7wNYMBswGLA+4D1AHPAx4DPAV8Dvgf8DNgPOAz4HfwBDI4Mjg3sBicGgsGpgcvAY+AzEA38BkGDM4OIgWQQNYgbnBtcGMgGlwZpgyuDawPFIGdQMLgxKBuoBhWDmsGtwZ2BZtA0uDd4MHg00A26Bk8GzwZDA8NgZPBi8GrwZoDBzGBh8G6wNjANPgw+Db4Mvg1+DPYGB4Nf4w8w5mjM8Rj7mJMxwpjTMa4xnjG+MeIY/5jgmLMxkTHSmOiY+JjzMRdj5DGXY9JjrsZcj1HG5MYUxtyMKY9Rx1TG1Mbcjrkbo41pjrkf8zDmcYw+pjvmaczzmOEYY8xozMuY1zFvYxgzG7MY8z5mPcYc8zHmc8zXmO8xP2P2Yw5jfsd/gAlHE44n2CecTBAmnE5wTfBM8E0QJ/gnBCecTYhMkCZEJ8QnnE+4mCBPuJyQnnA14XqCMiE3oTDhZkJ5gjqhMqE24XbC3QRtQnPC/YSHCY8T9AndCU8TnicMJxgTRhNeJrxOeJvAhNmExYT3CesJ5oSPCZ8TviZ8T/iZsJ9wmPA7+QNMOZpyPMU+5WSKMOV0imuKZ4pvijjFPyU45WxKZIo0JTolPuV8ysUUecrllPSUqynXU5QpuSmFKTdTylPUKZUptSm3U+6maFOaU+6nPEx5nKJP6U55mvI8ZTjFmDKa8jLldcrbFKbMpiymvE9ZTzGnfEz5nPI15XvKz5T9lMOU3+kfAI7gGOxw8v83xSm4wAO+/zE9fgjCGUT+J5ZEIQ7ncPE/vOES0nAF1//vWHJQgBso/1/pqUANbuHu/3ZDE+7hAR7/D3q68ATPMPzf84zgBV7hjf81gwW8wxpM+IBP+IJv+IE9HOCXP8CcoznHc+xzTuYIc07nuOZ45vjmiHP8c4JzzuZE5khzonPic87nXMyR51zOSc+5mnM9R5mTm1OYczOnPEedU5lTm3M7526ONqc5537Ow5zHOfqc7pynOc9zhnOMOaM5L3Ne57zNYc5szmLO+5z1HHPOx5zPOV9zvuf8zNnPOcz5nf8BlhwtOV5iX3KyRFhyusS1xLPEt0Rc4l8SXHK2JLJEWhJdEl9yvuRiibzkckl6ydWS6yXKktySwpKbJeUl6pLKktqS2yV3S7QlzSX3Sx6WPC7Rl3SXPC15XjJcYiwZLXlZ8rrkbQlLZksWS96XrJeYSz6WfC75WvK95GfJfslhye/yD7DiaMXxCvuKkxXCitMVrhWeFb4V4gr/iuCKsxWRFdKK6Ir4ivMVFyvkFZcr0iuuVlyvUFbkVhRW3Kwor1BXVFbUVtyuuFuhrWiuuF/xsOJxhb6iu+JpxfOK4QpjxWjFy4rXFW8rWDFbsVjxvmK9wlzxseJzxdeK7xU/K/YrDit+V38AkyOTYxO7yYmJYHJq4jLxmPhMRBO/SdDkzCRiIplETeIm5yYXJrLJpUna5Mrk2kQxyZkUTG5MyiaqScWkZnJrcmeimTRN7k0eTB5NdJOuyZPJs8nQxDAZmbyYvJq8mf+7fmayMHk3WZuYJh8mnyZfJt8mPyZ7k4PJr/kH2HC04XiDfcPJBmHD6QbXBs8G3wZxg39DcMPZhsgGaUN0Q3zD+YaLDfKGyw3pDVcbrjcoG3IbChtuNpQ3qBsqG2obbjfcbdA2NDfcb3jY8LhB39Dd8LThecNwg7FhtOFlw+uGtw1smG1YbHjfsN5gbvjY8Lnha8P3hp8N+w2HDb+bP8CWoy3HW+xbTrYIW063uLZ4tvi2iFv8W4JbzrZEtkhbolviW863XGyRt1xuSW+52nK9RdmS21LYcrOlvEXdUtlS23K75W6LtqW55X7Lw5bHLfqW7panLc9bhluMLaMtL1tet7xtYctsy2LL+5b1FnPLx5bPLV9bvrf8bNlvOWz53f4BdhztON5h33GyQ9hxusO1w7PDt0Pc4d8R3HG2I7JD2hHdEd9xvuNih7zjckd6x9WO6x3KjtyOwo6bHeUd6o7KjtqO2x13O7QdzR33Ox52PO7Qd3R3PO143jHcYewY7XjZ8brjbQc7ZjsWO953rHeYOz52fO742vG942fHfsdhx++Of3CCyy32qIoUAAAAAElFTkSuQmCC',
  'base64',
);

/** The column of a list, by its heading. */
const column = (page: Page, name: string) =>
  page.locator('section.mtn-list').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}$`, 'i') }) });
const cardTile = (page: Page, title: string) => page.locator('li.mtn-card').filter({ hasText: title });

/** Drags with the mouse (Sortable's fallback drag): press, move in steps, release. */
const drag = (page: Page, from: Locator, to: Locator, where: 'top' | 'bottom' = 'bottom') =>
  pointerDrag(page, from, to, where);

async function premiumId(page: Page): Promise<number> {
  const me = await page.request.get('/api/auth/me');
  return ((await me.json()) as { currentUser: { id: number } }).currentUser.id;
}

test.describe.configure({ mode: 'serial' });

let memberId = 0;

test('a premium member drags a card to COMPLETED and the progress and donut follow', async ({ page }) => {
  await signInAs(page, DEMO.premium);
  memberId = await premiumId(page);
  const donut = page.getByTestId('mtn-donut');
  await expect(donut.getByTestId('mtn-share-COMPLETED')).toHaveText('38%');
  await shot(page, 'board-dashboard-before');

  await page.getByRole('navigation').first().getByRole('link', { name: 'Move The Needle' }).click();
  await expect(page).toHaveURL(/\/move-the-needle$/);
  await expect(page.getByRole('heading', { name: "Priya Premium's Board" })).toBeVisible();
  await expect(page.getByTestId('mtn-progress')).toHaveText('38%');
  await shot(page, 'board-member');

  await drag(page, cardTile(page, 'Set your 90-day revenue goal'), column(page, 'COMPLETED').locator('ul'));
  await expect(column(page, 'COMPLETED').getByText('Set your 90-day revenue goal')).toBeVisible();
  await expect(page.getByText('Card moved')).toBeVisible();
  await expect(page.getByTestId('mtn-progress')).toHaveText('50%');

  // The move is stored: a reload shows the same board.
  await page.reload();
  await expect(column(page, 'COMPLETED').getByText('Set your 90-day revenue goal')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('navigation').first().getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('mtn-donut').getByTestId('mtn-share-COMPLETED')).toHaveText('50%');
  await shot(page, 'board-dashboard-after');
});

test('the member works in the card dialog: checklist, image cover, comment with a mention', async ({ page }) => {
  await signInAs(page, DEMO.premium, '/move-the-needle');
  await cardTile(page, 'Order samples from two suppliers').click();
  const dialog = page.getByRole('dialog', { name: 'Order samples from two suppliers' });
  await expect(dialog.getByLabel('Card Title')).toHaveValue('Order samples from two suppliers');
  await expect(dialog.getByLabel('In List')).toHaveValue(/\d+/);

  await dialog.getByRole('button', { name: 'Checklist', exact: true }).click();
  await dialog.getByLabel('Title of the new checklist').fill('Supplier steps');
  await dialog.getByRole('button', { name: 'Add checklist' }).click();
  await expect(page.getByText('Checklist added')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add an item' }).click();
  for (const item of ['Email supplier A', 'Email supplier B']) {
    await dialog.getByLabel('New item of Supplier steps').fill(item);
    await dialog.getByLabel('New item of Supplier steps').press('Enter');
    await expect(dialog.getByRole('checkbox', { name: item })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('checkbox', { name: 'Email supplier A' }).check();
  await expect(dialog.getByRole('progressbar', { name: 'Supplier steps: Checklist in progress' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  await dialog.getByRole('checkbox', { name: 'Email supplier B' }).check();
  await expect(dialog.getByRole('progressbar', { name: 'Supplier steps: Checklist completed' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'From Computer' }).click();
  await (await chooser).setFiles({ name: 'sample.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Attachment added')).toBeVisible();
  await dialog.getByRole('button', { name: 'Make Cover: sample.png' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove Cover: sample.png' })).toBeVisible();

  const box = dialog.getByLabel('Write a comment');
  await box.pressSequentially('@Col');
  await dialog.getByRole('option', { name: 'Cole Coach' }).click();
  await box.pressSequentially('samples ordered, **please review**');
  await box.press('Shift+Enter');
  await box.pressSequentially('Second line');
  await box.press('Enter');
  await expect(page.getByText('Comment added')).toBeVisible();
  const comments = dialog.getByRole('list', { name: 'Comments and history' });
  await expect(comments.getByText('please review')).toBeVisible();
  await expect(comments.getByText('Mentioned: @Cole Coach')).toBeVisible();
  await shot(page, 'board-card-dialog');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  const tile = cardTile(page, 'Order samples from two suppliers');
  await expect(tile.locator('img')).toBeVisible();
  await expect(tile.getByText('2/2')).toBeVisible();
  await shot(page, 'board-with-cover');
});

test('the coach opens the member’s board from its URL and sees the comment', async ({ page }) => {
  await signInAs(page, DEMO.coach, `/move-the-needle/${memberId}`);
  await expect(page.getByRole('heading', { name: "Priya Premium's Board" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset board' })).toBeVisible();
  await cardTile(page, 'Order samples from two suppliers').click();
  const dialog = page.getByRole('dialog', { name: 'Order samples from two suppliers' });
  await expect(dialog.getByRole('list', { name: 'Comments and history' }).getByText('please review')).toBeVisible();
  await expect(dialog.getByText('Priya Premium').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete card' })).toHaveCount(0);
  await shot(page, 'board-coach-view');
});

test('a basic member who joined after the cutoff sees no Move the Needle anywhere', async ({ page }) => {
  await signInAs(page, DEMO.basic);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: /move the needle/i })).toHaveCount(0);
  await expect(page.getByTestId('mtn-donut')).toHaveCount(0);
  await expect(page.getByText('Move the Needle', { exact: true })).toHaveCount(0);
  await shot(page, 'board-basic-dashboard');
  const api = await page.request.get('/api/move-the-needle/list/read-many');
  expect(api.status()).toBe(403);
});

test('a premium member who joined after the cutoff gets the Rainmaker Calendar card instead', async ({ page }) => {
  await signInAs(page, DEMO.premiumNew);
  await expect(page.getByRole('heading', { name: 'Rainmaker Calendar' })).toBeVisible();
  await expect(page.getByTestId('mtn-donut')).toHaveCount(0);
  await expect(
    page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: /move the needle/i }),
  ).toHaveCount(0);
  await shot(page, 'board-calendar-card');
});

test('the welcome video opens once per account, never on top of a card, and again from the board', async ({
  page,
  browser,
}) => {
  // A new account of this spec's own (the demo accounts have seen it: global-setup.ts). A coach has a
  // board of their own from day one (members who join now get the calendar instead).
  const email = uniqueEmail('welcome');
  const password = 'welcome-video-2026';
  const signUp = await page.request.post('/api/auth/signup', { data: { fullName: 'Wendy Welcome', email, password } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const id = ((await signUp.json()) as { currentUser: { id: number } }).currentUser.id;
  expect((await page.request.post('/api/auth/signin', { data: DEMO.admin })).status()).toBe(200);
  const upgraded = await page.request.post('/api/user/upsert', {
    data: { id, fullName: 'Wendy Welcome', email, role: 'coach' },
  });
  expect(upgraded.status(), await upgraded.text()).toBe(200);

  await signInAs(page, { email, password }, '/move-the-needle');
  const welcome = page.getByRole('dialog', { name: 'Welcome To The New MTN Tool 2.0' });
  await expect(welcome).toBeVisible();
  await shot(page, 'board-welcome');
  await welcome.getByRole('button', { name: 'Get started' }).click();
  await expect(welcome).toHaveCount(0);
  // A card opened and closed, a reload: no welcome.
  await page.locator('li.mtn-card').first().click();
  const card = page.getByRole('dialog').first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: "Wendy Welcome's Board" })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Another browser of the same account: not again, until asked for.
  const other = await browser.newPage();
  await signInAs(other, { email, password }, '/move-the-needle');
  await expect(other.getByRole('heading', { name: "Wendy Welcome's Board" })).toBeVisible();
  await expect(other.getByRole('dialog')).toHaveCount(0);
  await other.getByRole('button', { name: 'Welcome video' }).click();
  await expect(other.getByRole('dialog', { name: 'Welcome To The New MTN Tool 2.0' })).toBeVisible();
  await other.close();
});
