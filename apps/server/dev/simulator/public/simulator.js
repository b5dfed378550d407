// Telegram simulator: plays the part of a Telegram client around the mini-app iframe.
// The app talks to its client with postMessage({eventType, eventData}) as it does inside Telegram Web;
// this page answers the way the official clients do, so back button, popups and haptics can be tried.
;(() => {
  const $ = (id) => document.getElementById(id)
  const OPTIONS_KEY = 'simulator:options'
  const fields = ['user', 'platform', 'lang', 'theme', 'startParam']
  let frame = $('app')
  let themeParams = {}
  /** The demo users (GET /simulator/config.json): name, note, and the start parameter each arrives with. */
  let users = []
  const selectedUser = () => users.find((user) => String(user.id) === $('user').value)

  const log = (direction, type, data) => {
    const li = document.createElement('li')
    li.className = direction
    li.textContent = `${direction === 'in' ? '→ app' : '← app'} ${type}${data ? ` ${JSON.stringify(data)}` : ''}`
    $('log').prepend(li)
    while ($('log').children.length > 80) $('log').lastChild.remove()
  }

  const send = (eventType, eventData) => {
    log('in', eventType, eventData)
    frame.contentWindow?.postMessage(JSON.stringify({ eventType, eventData }), window.location.origin)
  }

  const toast = (text) => {
    const el = $('toast')
    el.textContent = text
    el.hidden = false
    clearTimeout(toast.timer)
    toast.timer = setTimeout(() => {
      el.hidden = true
    }, 2500)
  }

  const viewport = () => ({
    height: frame.clientHeight,
    width: frame.clientWidth,
    is_expanded: true,
    is_state_stable: true,
  })
  const insets = { top: 0, bottom: 0, left: 0, right: 0 }

  const showPopup = ({ title, message, buttons }) => {
    $('popup-title').textContent = title || ''
    $('popup-message').textContent = message || ''
    const holder = $('popup-buttons')
    holder.replaceChildren()
    const list = buttons?.length ? buttons : [{ id: '', type: 'close' }]
    for (const button of list) {
      const el = document.createElement('button')
      el.type = 'button'
      const defaults = { ok: 'OK', close: 'Close', cancel: 'Cancel' }
      el.textContent = button.text || defaults[button.type] || 'OK'
      if (button.type === 'destructive') el.className = 'destructive'
      if (button.type === 'default' || button.type === 'ok') el.classList.add('bold')
      el.addEventListener('click', () => {
        $('popup').hidden = true
        send('popup_closed', { button_id: button.id ?? '' })
      })
      holder.append(el)
    }
    $('popup').hidden = false
  }

  const handlers = {
    web_app_request_theme: () => send('theme_changed', { theme_params: themeParams }),
    web_app_request_viewport: () => send('viewport_changed', viewport()),
    web_app_request_safe_area: () => send('safe_area_changed', insets),
    web_app_request_content_safe_area: () => send('content_safe_area_changed', insets),
    web_app_setup_back_button: (data) => {
      $('tg-back').hidden = !data?.is_visible
    },
    web_app_open_popup: (data) => showPopup(data || {}),
    web_app_trigger_haptic_feedback: (data) => {
      $('tg-haptic').classList.add('on')
      setTimeout(() => $('tg-haptic').classList.remove('on'), 250)
      toast(`Haptic: ${data?.type ?? ''} ${data?.impact_style ?? data?.notification_type ?? ''}`.trim())
    },
    web_app_open_tg_link: (data) => toast(`Telegram would open t.me${data?.path_full ?? ''}`),
    web_app_open_link: (data) => {
      if (data?.url) window.open(data.url, '_blank', 'noopener')
    },
    web_app_close: () => {
      $('closed').hidden = false
    },
    web_app_set_header_color: (data) => {
      const key = data?.color_key
      const color = data?.color || (key && themeParams[key])
      if (color) document.querySelector('.tg-header').style.background = color
    },
    web_app_read_text_from_clipboard: (data) =>
      send('clipboard_text_received', { req_id: data?.req_id, data: null }),
    web_app_invoke_custom_method: (data) =>
      send('custom_method_invoked', { req_id: data?.req_id, error: 'UNSUPPORTED' }),
  }

  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || typeof event.data !== 'string') return
    let message
    try {
      message = JSON.parse(event.data)
    } catch {
      return
    }
    if (!message || typeof message.eventType !== 'string') return
    log('out', message.eventType, message.eventData)
    handlers[message.eventType]?.(message.eventData)
  })

  $('tg-back').addEventListener('click', () => send('back_button_pressed'))
  $('tg-close').addEventListener('click', () => handlers.web_app_close())

  const readOptions = () => Object.fromEntries(fields.map((name) => [name, $(name).value]))

  const applyChrome = (options) => {
    const device = $('device')
    device.className = `device ${options.platform === 'android' ? 'android' : 'ios'} ${options.theme}`
    device.style.setProperty('--bg', themeParams.bg_color)
    device.style.setProperty('--header', themeParams.header_bg_color)
    device.style.setProperty('--text', themeParams.text_color)
    device.style.setProperty('--link', themeParams.link_color)
    device.style.setProperty('--section', themeParams.section_bg_color)
    document.querySelector('.tg-header').style.background = ''
  }

  const launch = async () => {
    const options = readOptions()
    sessionStorage.setItem(OPTIONS_KEY, JSON.stringify(options))
    const response = await fetch(`/simulator/launch?${new URLSearchParams(options)}`, {
      headers: { accept: 'application/json' },
    })
    const body = await response.json()
    if (!response.ok) {
      toast(body.message || 'Launch failed')
      return
    }
    themeParams = body.themeParams
    applyChrome(options)
    $('tg-back').hidden = true
    $('closed').hidden = true
    $('popup').hidden = true
    $('open-top').href = body.url
    // A new frame each time: a URL that differs only in its hash would not reload the app.
    const next = document.createElement('iframe')
    next.id = 'app'
    next.title = 'Mini-app'
    next.allow = 'clipboard-write'
    next.src = body.url
    frame.replaceWith(next)
    frame = next
    log('in', 'launch', {
      user: options.user,
      platform: options.platform,
      lang: options.lang,
      theme: options.theme,
    })
  }

  // The sandbox provider's table (GET /sandbox/scenarios), when the sandbox provider is active.
  const showScenarios = async () => {
    const response = await fetch('/sandbox/scenarios', { headers: { accept: 'application/json' } })
    if (!response.ok) return
    const scenarios = await response.json()
    const rows = $('scenario-rows')
    for (const scenario of scenarios) {
      const row = document.createElement('tr')
      const phone = document.createElement('button')
      phone.type = 'button'
      phone.className = 'phone'
      phone.textContent = scenario.phone
      phone.title = 'Copy'
      phone.addEventListener('click', async () => {
        await navigator.clipboard?.writeText(scenario.phone).catch(() => undefined)
        toast(`Copied ${scenario.phone}`)
      })
      const enter = [
        scenario.code && `code ${scenario.code}`,
        scenario.password && `password ${scenario.password}`,
        scenario.email && `email ${scenario.email}`,
      ].filter(Boolean)
      const cells = [scenario.demonstrates, enter.join(', ') || '—', scenario.outcome].map((text) => {
        const cell = document.createElement('td')
        cell.textContent = text
        return cell
      })
      const phoneCell = document.createElement('td')
      phoneCell.append(phone)
      row.append(phoneCell, ...cells)
      rows.append(row)
    }
    $('scenarios').hidden = false
  }

  // Deletes the selected demo user's accounts that are on no invoice, so every number can be tried again.
  const resetAccounts = async () => {
    const response = await fetch('/simulator/reset-sandbox-accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ user: Number($('user').value) }),
    })
    if (!response.ok) {
      toast(`Reset refused (${response.status})`)
      return
    }
    const { accounts } = await response.json()
    toast(`${accounts} sandbox account${accounts === 1 ? '' : 's'} deleted`)
    launch()
  }

  // The dev outbox (GET /simulator/outbox): the newest mails the server kept instead of sending, with their codes.
  const showOutbox = async () => {
    const response = await fetch('/simulator/outbox', { headers: { accept: 'application/json' } })
    if (response.status === 404)
      $('outbox-hint').textContent = 'The dev outbox is never served in production.'
    if (!response.ok) return
    const { smtp, mails } = await response.json()
    if (smtp) $('outbox-hint').textContent = 'SMTP_URL is set: email goes to that SMTP server, not here.'
    const rows = $('outbox-rows')
    rows.replaceChildren(
      ...mails.map((mail) => {
        const row = document.createElement('tr')
        const code = document.createElement('button')
        code.type = 'button'
        code.className = 'phone'
        code.textContent = mail.code
        code.title = 'Copy'
        code.addEventListener('click', async () => {
          await navigator.clipboard?.writeText(mail.code).catch(() => undefined)
          toast(`Copied ${mail.code}`)
        })
        const cells = [mail.to, mail.subject].map((text) => {
          const cell = document.createElement('td')
          cell.textContent = text
          return cell
        })
        const codeCell = document.createElement('td')
        codeCell.append(code)
        const when = document.createElement('td')
        when.textContent = mail.sentAt ? new Date(mail.sentAt * 1000).toLocaleTimeString() : '—'
        row.append(...cells, codeCell, when)
        return row
      }),
    )
  }

  // The bot's chat (GET /simulator/bot-chat): what the fake Bot API recorded for the selected user.
  let botJoined = false
  const showBotChat = async () => {
    if (!selectedUser()) return
    const response = await fetch(`/simulator/bot-chat?user=${encodeURIComponent($('user').value)}`, {
      headers: { accept: 'application/json' },
    })
    if (!response.ok) return
    const chat = await response.json()
    if (!chat.fake) {
      $('bot-hint').textContent = 'A real bot token is set: the bot talks to Telegram, not to this page.'
      $('bot-join').hidden = true
    }
    botJoined = chat.joined
    $('bot-channel').textContent = `@${chat.channel}: ${chat.joined ? 'joined' : 'not joined'}`
    $('bot-join').textContent = chat.joined ? 'Leave the channel' : 'Join the channel'
    const list = $('bot-messages')
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4
    if (chat.messages.length === 0) {
      const empty = document.createElement('li')
      empty.className = 'empty'
      empty.textContent = 'No messages yet.'
      list.replaceChildren(empty)
      return
    }
    list.replaceChildren(
      ...chat.messages.map((message) => {
        const item = document.createElement('li')
        item.dir = 'auto'
        item.textContent = message.text
        if (message.buttons.length > 0) {
          const row = document.createElement('div')
          row.className = 'bot-buttons'
          for (const b of message.buttons) {
            const button = document.createElement('button')
            button.type = 'button'
            button.textContent = b.text
            button.title = b.url ?? ''
            button.addEventListener('click', () => {
              if (b.startParam !== null) {
                $('startParam').value = b.startParam
                launch()
              } else if (b.url) window.open(b.url, '_blank', 'noopener')
            })
            row.append(button)
          }
          item.append(row)
        }
        const when = document.createElement('time')
        when.textContent = new Date(message.date * 1000).toLocaleTimeString()
        item.append(when)
        return item
      }),
    )
    if (atBottom) list.scrollTop = list.scrollHeight
  }

  const postBot = async (path, body) => {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ user: Number($('user').value), ...body }),
    })
    if (!response.ok) toast(`Refused (${response.status})`)
    return response.ok
  }

  // Who the selected user is, under the switch; a switch to another user also takes that user's start parameter
  // (the newcomer's is empty, so they meet the referral gate).
  const showUserNote = () => {
    $('user-note').textContent = selectedUser()?.note ?? ''
  }
  const selectUser = () => {
    $('startParam').value = selectedUser()?.startParam ?? ''
    showUserNote()
    showBotChat().catch(() => undefined)
    launch()
  }

  const init = async () => {
    showScenarios().catch(() => undefined)
    setInterval(() => {
      if (!document.hidden) showBotChat().catch(() => undefined)
    }, 2000)
    $('bot-join').addEventListener('click', async () => {
      if (await postBot('/simulator/bot-chat/membership', { joined: !botJoined })) {
        toast(botJoined ? 'Left the channel' : 'Joined the channel')
        await showBotChat()
      }
    })
    $('bot-start').addEventListener('click', async () => {
      if (
        await postBot('/simulator/bot-chat/send', { text: `/start ${$('startParam').value || ''}`.trim() })
      ) {
        setTimeout(() => showBotChat().catch(() => undefined), 1500)
      }
    })
    $('bot-form').addEventListener('submit', async (event) => {
      event.preventDefault()
      const text = $('bot-text').value.trim()
      if (text === '') return
      if (await postBot('/simulator/bot-chat/send', { text })) {
        $('bot-text').value = ''
        setTimeout(() => showBotChat().catch(() => undefined), 1500)
      }
    })
    showOutbox().catch(() => undefined)
    setInterval(() => {
      if (!document.hidden) showOutbox().catch(() => undefined)
    }, 3000)
    const config = await (
      await fetch('/simulator/config.json', { headers: { accept: 'application/json' } })
    ).json()
    users = config.users
    for (const user of users) {
      const option = document.createElement('option')
      option.value = String(user.id)
      option.textContent = `${user.name} (${user.id})`
      $('user').append(option)
    }
    const saved = JSON.parse(sessionStorage.getItem(OPTIONS_KEY) || 'null')
    const fromQuery = Object.fromEntries(new URLSearchParams(window.location.search))
    for (const name of fields) {
      const value = fromQuery[name] ?? saved?.[name]
      if (value !== undefined) $(name).value = value
    }
    // The start parameter: the address's, else the one saved with this same user, else the user's own.
    const savedForUser = saved?.user === $('user').value && saved.startParam !== undefined
    if (fromQuery.startParam === undefined && !savedForUser) {
      $('startParam').value = selectedUser()?.startParam ?? ''
    }
    showUserNote()
    $('user').addEventListener('change', selectUser)
    for (const name of ['platform', 'lang', 'theme']) $(name).addEventListener('change', launch)
    // The chat of the user now selected, at once (never before the users are listed: no user, no chat).
    showBotChat().catch(() => undefined)
    $('launch').addEventListener('click', launch)
    $('reopen').addEventListener('click', launch)
    $('outbox-refresh').addEventListener('click', () => showOutbox().catch(() => toast('Outbox failed')))
    $('reset-accounts').addEventListener('click', () => resetAccounts().catch(() => toast('Reset failed')))
    $('reset').addEventListener('click', () => {
      window.localStorage.clear()
      toast('Stored tokens forgotten')
      launch()
    })
    await launch()
  }

  init()
})()
