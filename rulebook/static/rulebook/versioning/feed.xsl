<?xml version="1.0" encoding="utf-8"?>
<!-- The Atom feeds of the corrections, shown as a page when opened in a
     browser (the feed names this file in <?xml-stylesheet?>).  Its texts
     are in the feed's language (xml:lang: de, ru, else English); the page
     uses the site's own stylesheets and colour scheme (same origin, CSP). -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
                xmlns:atom="http://www.w3.org/2005/Atom" exclude-result-prefixes="atom">
  <xsl:output method="html" encoding="utf-8" doctype-system="about:legacy-compat" indent="yes"/>
  <xsl:variable name="lang" select="substring(/atom:feed/@xml:lang, 1, 2)"/>

  <xsl:template name="say">
    <xsl:param name="de"/><xsl:param name="ru"/><xsl:param name="en"/>
    <xsl:choose>
      <xsl:when test="$lang = 'de'"><xsl:value-of select="$de"/></xsl:when>
      <xsl:when test="$lang = 'ru'"><xsl:value-of select="$ru"/></xsl:when>
      <xsl:otherwise><xsl:value-of select="$en"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- The entry's summary is escaped HTML: its text without the tags. -->
  <xsl:template name="text-of">
    <xsl:param name="html"/>
    <xsl:choose>
      <xsl:when test="contains($html, '&lt;')">
        <xsl:value-of select="substring-before($html, '&lt;')"/>
        <xsl:text> </xsl:text>
        <xsl:call-template name="text-of">
          <xsl:with-param name="html" select="substring-after(substring-after($html, '&lt;'), '&gt;')"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="$html"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <xsl:template match="/atom:feed">
    <html lang="{$lang}">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="color-scheme" content="light dark"/>
        <title><xsl:value-of select="atom:title"/></title>
        <script src="/static/rulebook/theme.js"></script>
        <link rel="stylesheet" href="/static/rulebook/site.css"/>
        <link rel="stylesheet" href="/static/rulebook/reading/reading.css"/>
      </head>
      <body>
        <header class="site-header">
          <div class="site-header__inner">
            <a class="site-name" href="{atom:link[@rel='alternate']/@href}">
              <xsl:value-of select="atom:author/atom:name"/>
            </a>
          </div>
        </header>
        <main id="main" class="page feed-page">
          <h1><xsl:value-of select="atom:title"/></h1>
          <p class="lead"><xsl:value-of select="atom:subtitle"/></p>
          <p class="notice">
            <xsl:call-template name="say">
              <xsl:with-param name="de">Dies ist ein Atom-Feed. Um den Korrekturen zu folgen, kopieren Sie seine Adresse in einen Feedreader:</xsl:with-param>
              <xsl:with-param name="ru">Это лента Atom. Чтобы следить за исправлениями, скопируйте её адрес в программу чтения лент:</xsl:with-param>
              <xsl:with-param name="en">This is an Atom feed. To follow the corrections, copy its address into a feed reader:</xsl:with-param>
            </xsl:call-template>
            <xsl:text> </xsl:text>
            <code class="feed-page__address"><xsl:value-of select="atom:link[@rel='self']/@href"/></code>
          </p>
          <xsl:choose>
            <xsl:when test="atom:entry">
              <ol class="feed-entries">
                <xsl:for-each select="atom:entry">
                  <li class="feed-entry">
                    <h2 class="feed-entry__title"><a href="{atom:link[@rel='alternate']/@href}"><xsl:value-of select="atom:title"/></a></h2>
                    <p class="meta">
                      <xsl:call-template name="say">
                        <xsl:with-param name="de">Aktualisiert:</xsl:with-param>
                        <xsl:with-param name="ru">Обновлено:</xsl:with-param>
                        <xsl:with-param name="en">Updated:</xsl:with-param>
                      </xsl:call-template>
                      <xsl:text> </xsl:text>
                      <time datetime="{atom:updated}"><xsl:value-of select="substring(atom:updated, 1, 10)"/></time>
                    </p>
                    <p>
                      <xsl:call-template name="text-of">
                        <xsl:with-param name="html" select="atom:summary"/>
                      </xsl:call-template>
                    </p>
                  </li>
                </xsl:for-each>
              </ol>
            </xsl:when>
            <xsl:otherwise>
              <p class="muted">
                <xsl:call-template name="say">
                  <xsl:with-param name="de">Noch keine Korrekturen veröffentlicht.</xsl:with-param>
                  <xsl:with-param name="ru">Исправления пока не опубликованы.</xsl:with-param>
                  <xsl:with-param name="en">No corrections published yet.</xsl:with-param>
                </xsl:call-template>
              </p>
            </xsl:otherwise>
          </xsl:choose>
        </main>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
